import { useTranslation } from 'react-i18next';
import { PriceFields } from '../../../../components/price-fields.tsx';
import { StepHeader } from '../step-header.tsx';
import type { StepProps } from '../step-props.ts';

/** Price per night and currency: EUR by default, COP for Colombia, in the currency's number format. */
export function PriceStep({ draft, update, errors }: StepProps) {
  const { t } = useTranslation('properties');
  return (
    <>
      <StepHeader title={t('steps.price.title')} description={t('steps.price.description')} />
      <PriceFields
        currency={draft.currency}
        priceNight={draft.priceNight}
        onCurrencyChange={(currency) => update({ currency, currencyChosen: true })}
        onPriceChange={(priceNight) => update({ priceNight })}
        error={errors.priceNight}
      />
    </>
  );
}
