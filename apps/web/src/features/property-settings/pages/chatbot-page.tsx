import { Text } from '@mantine/core';
import { IconMessageChatbot } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionPage } from '../components/section-page.tsx';
import { SectionSwitch } from '../components/switch-card.tsx';
import { useSectionForm } from '../components/use-section-form.ts';

/** page-chat-bot-ia: the property's bot flag (spec 3 botGPT; spec 5 Bot use). */
export function ChatbotPage() {
  const { t } = useTranslation('settings');
  const s = useSectionForm('page-chat-bot-ia');
  return (
    <SectionPage section="page-chat-bot-ia" form={s}>
      <SectionSwitch
        form={s}
        icon={IconMessageChatbot}
        label={t('chatbot.enabled')}
        description={t('chatbot.enabledHint')}
      />
      <Text size="sm" c="dimmed">
        {t('chatbot.requirements')}
      </Text>
    </SectionPage>
  );
}
