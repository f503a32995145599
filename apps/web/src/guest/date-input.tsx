import { useEffect, useState } from 'react';
import { parseTypedDate, typedDateOf } from '../lib/typed-date.ts';
import { t } from './i18n.ts';

/**
 * A date typed as day/month/year whatever the phone's or browser's own locale (issue 13: the native date
 * input showed mm/dd/yyyy to a Spanish guest). Light on purpose: a text input with the numeric keyboard.
 * Hands the flow YYYY-MM-DD once the date is whole and real, else what was typed (the rules then say
 * it is not a valid date).
 */
export function DateInput({
  id,
  name,
  value,
  onChange,
  invalid,
  describedBy,
  autoComplete,
}: {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
  autoComplete?: string;
}) {
  const [text, setText] = useState(() => typedDateOf(value));
  // A date filled from elsewhere (the document scan) replaces what is shown.
  useEffect(() => {
    setText((shown) => ((parseTypedDate(shown) ?? shown.trim()) === value ? shown : typedDateOf(value)));
  }, [value]);
  return (
    <input
      id={id}
      name={name}
      type="text"
      inputMode="numeric"
      placeholder={t('common.date_placeholder')}
      autoComplete={autoComplete}
      value={text}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      onChange={(e) => {
        const typed = e.currentTarget.value;
        setText(typed);
        onChange(parseTypedDate(typed) ?? typed.trim());
      }}
    />
  );
}
