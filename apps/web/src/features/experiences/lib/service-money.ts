import type { ServiceBody } from '@posada/contracts/experiences';

export type ServiceCurrency = ServiceBody['currency'];
export const serviceCurrencies: readonly ServiceCurrency[] = [
  'EUR',
  'USD',
  'COP',
  'MXN',
  'ARS',
  'CLP',
  'PEN',
];
