import { Controller } from 'react-hook-form';
import { PriceFields } from '../../../components/price-fields.tsx';
import { SectionPage } from '../components/section-page.tsx';
import { useSectionForm } from '../components/use-section-form.ts';

/** price-property: the base nightly price and its currency. */
export function PricePropertyPage() {
  const s = useSectionForm('price-property');
  const { control, watch, setValue } = s.form;
  const currency = watch('currency');
  return (
    <SectionPage section="price-property" form={s}>
      <Controller
        control={control}
        name="price_night"
        render={({ field, fieldState }) => (
          <PriceFields
            currency={currency}
            priceNight={field.value || null}
            onCurrencyChange={(next) => setValue('currency', next, { shouldDirty: true })}
            onPriceChange={(minor) => field.onChange(minor ?? 0)}
            error={fieldState.error?.message}
            disabled={s.locked}
          />
        )}
      />
    </SectionPage>
  );
}
