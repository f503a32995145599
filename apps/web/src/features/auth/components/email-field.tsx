import { TextInput, type TextInputProps } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

/** The e-mail input of the auth forms: one label, placeholder and keyboard/autofill hints everywhere. */
export function EmailField(props: TextInputProps & { ref?: Ref<HTMLInputElement> }) {
  const { t } = useTranslation('auth');
  return (
    <TextInput
      label={t('fields.email')}
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder={t('placeholders.email')}
      {...props}
    />
  );
}
