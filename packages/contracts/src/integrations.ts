import { z } from 'zod';
import { text } from './primitives.ts';

/** The outside services Posada talks to (apps/api/src/adapters); the web names and explains each. */
export const integrationNames = [
  'smtp',
  'whatsapp',
  'sms',
  'llm',
  'google',
  'ertzaintza',
  'ses-hospedajes',
  'nuki',
  'ttlock',
  'igloohome',
  'ical',
  'stripe',
] as const;
export const integrationName = z.enum(integrationNames);
export type IntegrationName = z.infer<typeof integrationName>;

/**
 * One service as the integrations page shows it (spec 2.2, profile child `integrations`). No secrets and
 * no URLs: `settings` names the configuration variables to set, `last_error.code` is the adapter's code
 * ('whatsapp.unauthorized'). The API process keeps errors and successes in memory since it started.
 */
export const integrationStatus = z.object({
  name: integrationName,
  configured: z.boolean(),
  settings: z.array(text({ max: 64 })),
  last_error: z.object({ at: text({ max: 40 }), code: text({ max: 64 }) }).nullable(),
  last_success_at: text({ max: 40 }).nullable(),
});
export type IntegrationStatus = z.infer<typeof integrationStatus>;

export const integrationsList = z.object({ items: z.array(integrationStatus) });
export type IntegrationsList = z.infer<typeof integrationsList>;

export const integrationsPath = '/api/integrations';
