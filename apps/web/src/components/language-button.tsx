import { Button } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languageOption } from '../lib/languages.ts';

/** Opens the language modal; its name says "Idioma: Español" (or the current language) for screen readers. */
export function LanguageButton({ onClick, compact = false }: { onClick: () => void; compact?: boolean }) {
  const { t, i18n } = useTranslation('shell');
  const option = languageOption(i18n.resolvedLanguage);
  return (
    <Button
      variant="subtle"
      color="gray"
      size="sm"
      px={compact ? 8 : 'sm'}
      leftSection={<IconWorld size={18} stroke={1.7} aria-hidden />}
      onClick={onClick}
      aria-label={t('language.trigger', { language: option.nativeName })}
      aria-haspopup="dialog"
    >
      {compact ? option.short : option.nativeName}
    </Button>
  );
}
