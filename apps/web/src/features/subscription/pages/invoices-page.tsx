import { Stack } from '@mantine/core';
import { ConsumptionCard } from '../components/consumption-card.tsx';
import { InvoiceList } from '../components/invoice-list.tsx';

/** spec 2.2 invoices/invoicelist and profile/account-invoices: the consumption, then the invoices. */
export function InvoicesPage() {
  return (
    <Stack gap="md">
      <ConsumptionCard />
      <InvoiceList />
    </Stack>
  );
}
