import type { Service, ServiceBody } from '@posada/contracts/experiences';
import { type ServiceCurrency, serviceCurrencies } from './service-money.ts';

/** The form's values: the contract's body, with the price empty until the operator types one. */
export type ServiceFormValues = Omit<ServiceBody, 'price'> & { price: number | null };

/** Fields the API's 400 `errors.{field}` may name, placed under their own inputs. */
export const serviceFormFields = [
  'property_id',
  'name',
  'category',
  'provider_id',
  'confirmation',
  'price_type',
  'price',
  'currency',
  'active',
  'title',
  'title.es',
  'title.en',
  'title.ar',
  'description',
  'description.es',
  'description.en',
  'description.ar',
] as const;

/** The currency a property prices in, or EUR (for every property, or one the list does not know). */
export function currencyFor(
  propertyId: string | null,
  properties: readonly { id: string; currency: string }[],
): ServiceCurrency {
  const currency = properties.find((p) => p.id === propertyId)?.currency;
  return (serviceCurrencies as readonly string[]).includes(currency ?? '')
    ? (currency as ServiceCurrency)
    : 'EUR';
}

export function emptyServiceValues(currency: ServiceCurrency): ServiceFormValues {
  return {
    property_id: null,
    name: '',
    title: { es: '', en: '', ar: '' },
    description: { es: '', en: '', ar: '' },
    category: 'activities',
    provider_id: null,
    confirmation: 'manual',
    price_type: 'person',
    price: null,
    currency,
    active: true,
  };
}

export function serviceToValues(service: Service): ServiceFormValues {
  return {
    property_id: service.property_id,
    name: service.name,
    title: { ...service.title },
    description: { ...service.description },
    category: service.category,
    provider_id: service.provider_id,
    confirmation: service.confirmation,
    price_type: service.price_type,
    price: service.price,
    currency: (serviceCurrencies as readonly string[]).includes(service.currency)
      ? (service.currency as ServiceCurrency)
      : 'EUR',
    active: service.active,
  };
}
