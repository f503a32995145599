import { ActionIcon, Group, PasswordInput, Text, Tooltip } from '@mantine/core';
import { IconDice5 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionPage } from '../components/section-page.tsx';
import { useSectionForm } from '../components/use-section-form.ts';
import { generateSecurityCode } from '../lib/security-code.ts';

/** seguridad-property: the code guests type during check-in; can be generated, shown or hidden. */
export function SecurityCodePage() {
  const { t } = useTranslation('settings');
  const s = useSectionForm('seguridad-property');
  const { register, formState, setValue } = s.form;
  const [visible, setVisible] = useState(false);
  const generate = () => {
    setValue('security_code', generateSecurityCode(6), { shouldDirty: true, shouldValidate: true });
    setVisible(true);
  };
  return (
    <SectionPage section="seguridad-property" form={s}>
      <Group align="flex-start" gap="sm" wrap="nowrap" maw={420}>
        <PasswordInput
          style={{ flex: 1 }}
          label={t('security.label')}
          description={t('security.hint')}
          error={formState.errors.security_code?.message}
          visible={visible}
          onVisibilityChange={setVisible}
          visibilityToggleButtonProps={{
            'aria-label': visible ? t('security.hide') : t('security.show'),
          }}
          autoComplete="off"
          spellCheck={false}
          maxLength={12}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.15em' } }}
          {...register('security_code')}
        />
        <Tooltip label={t('security.generate')}>
          <ActionIcon
            variant="light"
            size={36}
            mt={46}
            onClick={generate}
            aria-label={t('security.generate')}
            disabled={s.locked}
          >
            <IconDice5 size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Text size="sm" c="dimmed">
        {t('security.usage')}
      </Text>
    </SectionPage>
  );
}
