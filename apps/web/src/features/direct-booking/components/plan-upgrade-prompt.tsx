import { useTranslation } from 'react-i18next';
import { PlanUpgradePrompt } from '../../../components/plan-upgrade-prompt.tsx';

/** spec 6: web booking needs an active plan. */
export function DirectBookingPlanPrompt() {
  const { t } = useTranslation('direct-booking');
  return (
    <PlanUpgradePrompt
      testId="direct-booking-plan-prompt"
      texts={{
        title: t('plan.title'),
        body: t('plan.body'),
        cta: t('plan.upgrade'),
      }}
    />
  );
}
