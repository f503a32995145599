// Month and weekday names of the calendar in the three languages.
import 'dayjs/locale/ar';
import 'dayjs/locale/en';
import 'dayjs/locale/es';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTypedDate } from '../lib/typed-date.ts';

/**
 * How every operator screen shows a date: "12 mar 2026" (es), "12 Mar 2026" (en), the same day-month-year
 * in Arabic; the order of formatDay in the lists (issue 13: one date format per language).
 */
export const DATE_VALUE_FORMAT = 'D MMM YYYY';

export type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange' | 'defaultValue'> & {
  /** YYYY-MM-DD, or '' for none. */
  value: string | null | undefined;
  onChange: (value: string) => void;
};

/**
 * The one date input of the operator screens (issue 13; the browser's native date input shows
 * mm/dd/yyyy whatever the interface language): typed as day/month/year or picked from a localized
 * calendar, shown in DATE_VALUE_FORMAT, held as a YYYY-MM-DD string like the forms and the API.
 */
export const DateField = forwardRef<HTMLInputElement, DateFieldProps>(function DateField(
  { value, onChange, ...props },
  ref,
) {
  const { t } = useTranslation('common');
  return (
    <DateInput
      ref={ref}
      valueFormat={DATE_VALUE_FORMAT}
      dateParser={parseTypedDate}
      leftSection={<IconCalendar size={16} aria-hidden />}
      placeholder={t('date.placeholder')}
      popoverProps={{ withinPortal: true }}
      {...props}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
    />
  );
});
