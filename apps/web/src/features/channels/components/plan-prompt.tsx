import { useTranslation } from 'react-i18next';
import { PlanUpgradePrompt } from '../../../components/plan-upgrade-prompt.tsx';

/** spec 6: channel connection needs an active plan. */
export function ChannelsPlanPrompt() {
  const { t } = useTranslation('channels');
  return (
    <PlanUpgradePrompt
      testId="channels-plan-prompt"
      texts={{ title: t('plan.title'), body: t('plan.body'), cta: t('plan.cta') }}
    />
  );
}
