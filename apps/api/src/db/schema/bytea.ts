import { customType } from 'drizzle-orm/pg-core';

/** Raw bytes (PDFs, generated files). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
