import { Divider } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { MoneyInput } from '../../../components/money-input.tsx';
import { PriceLines } from './price-lines.tsx';
import type { ReservationFormState } from './use-reservation-form.ts';

/** The price, its promotions and its taxes (spec 7: calculated, still editable). */
export function ReservationPriceSection({ state }: { state: ReservationFormState }) {
  const { t, control, errors, calculated, money, currency, promotions, taxes, addLine, getValues, setValue } =
    state;
  return (
    <>
      <Divider label={t('form.priceSection')} labelPosition="left" />
      <Controller
        control={control}
        name="price"
        render={({ field }) => (
          <MoneyInput
            label={t('form.price')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            description={
              calculated.isFetching
                ? t('form.calculating')
                : calculated.data
                  ? t('form.calculated', {
                      total: money(calculated.data.total_price),
                      perNight: money(calculated.data.price_per_night),
                    })
                  : t('form.priceHint')
            }
            required
            currency={currency}
            value={field.value}
            onChange={field.onChange}
            error={errors.price?.message}
          />
        )}
      />
      <PriceLines
        kind="promotions"
        lines={promotions.map((l) => ({ description: l?.description ?? '', price: l?.price ?? 0 }))}
        currency={currency}
        onAdd={() => addLine('promotions')}
        onChange={(index, line) => {
          const next = [...getValues('promotions')];
          next[index] = line;
          setValue('promotions', next, { shouldDirty: true });
        }}
        onRemove={(index) =>
          setValue(
            'promotions',
            getValues('promotions').filter((_, i) => i !== index),
            { shouldDirty: true },
          )
        }
        error={errors.promotions?.message}
      />
      <PriceLines
        kind="taxes"
        lines={taxes.map((l) => ({ description: l?.description ?? '', price: l?.price ?? 0 }))}
        currency={currency}
        onAdd={() => addLine('taxes')}
        onChange={(index, line) => {
          const next = [...getValues('taxes')];
          next[index] = line;
          setValue('taxes', next, { shouldDirty: true });
        }}
        onRemove={(index) =>
          setValue(
            'taxes',
            getValues('taxes').filter((_, i) => i !== index),
            { shouldDirty: true },
          )
        }
        error={errors.taxes?.message}
      />
    </>
  );
}
