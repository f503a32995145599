import { Badge, Tabs, Textarea } from '@mantine/core';
import type { LocalizedText } from '@posada/contracts/properties';
import { type ReactNode, type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const textLanguages = ['es', 'en', 'ar'] as const;
export type TextLanguage = (typeof textLanguages)[number];

/**
 * A text written in Spanish, English and Arabic: one tab per language (a tick on those written), the
 * Arabic one right-to-left. Used by the wizard's description and the description, policies and
 * welcome settings.
 */
export function LocalizedTextTabs({
  value,
  onChange,
  label,
  placeholder,
  error,
  disabled,
  minRows = 7,
  maxLength = 5000,
  textareaRef,
  onTabChange,
  below,
}: {
  value: LocalizedText;
  onChange: (language: TextLanguage, text: string) => void;
  /** The textarea's label for a language (its name is passed in). */
  label: (languageName: string) => string;
  placeholder?: (language: TextLanguage) => string;
  error?: string;
  disabled?: boolean;
  minRows?: number;
  maxLength?: number;
  textareaRef?: (language: TextLanguage) => Ref<HTMLTextAreaElement>;
  onTabChange?: (language: TextLanguage) => void;
  /** Shown under the textarea of the open tab (hints, previews). */
  below?: (language: TextLanguage) => ReactNode;
}) {
  const { t } = useTranslation('properties');
  const [tab, setTab] = useState<TextLanguage>('es');
  return (
    <Tabs
      value={tab}
      onChange={(next) => {
        const language = (next as TextLanguage) ?? 'es';
        setTab(language);
        onTabChange?.(language);
      }}
      keepMounted={false}
    >
      <Tabs.List>
        {textLanguages.map((language) => (
          <Tabs.Tab
            key={language}
            value={language}
            rightSection={
              value[language].trim() ? (
                <Badge size="xs" variant="light" color="teal" circle aria-label={t('description.filled')}>
                  ✓
                </Badge>
              ) : null
            }
          >
            {t(`description.languages.${language}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {textLanguages.map((language) => (
        <Tabs.Panel key={language} value={language} pt="md">
          <Textarea
            ref={textareaRef?.(language)}
            label={label(t(`description.languages.${language}`))}
            value={value[language]}
            onChange={(e) => onChange(language, e.currentTarget.value)}
            dir={language === 'ar' ? 'rtl' : 'ltr'}
            lang={language}
            autosize
            minRows={minRows}
            maxRows={16}
            maxLength={maxLength}
            error={error}
            disabled={disabled}
            placeholder={placeholder?.(language)}
            // The text follows its own language's direction, whatever the interface's.
            styles={{ input: { textAlign: 'start' } }}
          />
          {below?.(language)}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
