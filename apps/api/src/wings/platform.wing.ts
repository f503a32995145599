// The platform wing: sign-in and accounts, the back office, mail, files, the bell, health and integrations.
import { createAccountsModule } from '../modules/accounts/accounts.module.ts';
import { createAdminModule } from '../modules/admin/admin.module.ts';
import { createAuthModule, createUsersService } from '../modules/auth/auth.module.ts';
import { createFilesModule } from '../modules/files/files.module.ts';
import { createHealthModule } from '../modules/health/health.module.ts';
import { createIntegrationsModule } from '../modules/integrations/integrations.module.ts';
import { createMailModule } from '../modules/mail/mail.module.ts';
import { createNotificationsModule } from '../modules/notifications/notifications.module.ts';
import { createOperatorWhatsApp } from '../modules/notifications/operator-whatsapp.ts';
import type { WingContext } from './context.ts';

export interface PlatformPorts {
  /** The money wing's subscriptions (built later): the back office's user management applies plan changes. */
  subscriptions: Parameters<typeof createAdminModule>[0]['subscriptions'];
}

export function buildPlatformWing(ctx: WingContext, ports: PlatformPorts) {
  const { config, db, clock, jobs, events, adapters, logger } = ctx;
  const mail = createMailModule({
    db,
    jobs,
    clock,
    transport: adapters.smtp,
    from: config.MAIL_FROM,
    logger,
  });
  const admin = createAdminModule({
    db,
    clock,
    subscriptions: ports.subscriptions,
    paymentsConfigured: !!config.STRIPE_SECRET_KEY,
  });
  const accounts = createAccountsModule({ db, clock, users: createUsersService({ db }) });
  const files = createFilesModule({ storage: ctx.storage });
  // The bell and the operator's notices by e-mail and WhatsApp (issue 17, docs/messaging.md, Notifications).
  const notifications = createNotificationsModule({
    db,
    clock,
    events,
    jobs,
    logger,
    mail: mail.service,
    appUrl: config.APP_URL,
    accounts: accounts.service,
    operatorWhatsApp: createOperatorWhatsApp({
      deliver: ctx.deliver,
      configured: !!(
        adapters.whatsappGateway &&
        config.WHATSAPP_PHONE_NUMBER_ID &&
        config.WHATSAPP_TOKEN &&
        config.WHATSAPP_NOTIFICATION_TEMPLATE
      ),
    }),
    realtime: ctx.realtime,
  });
  const auth = createAuthModule({
    db,
    clock,
    config,
    appUrl: config.APP_URL,
    mail: mail.service,
    accounts: accounts.service,
    advisors: admin.service,
    secrets: ctx.secrets,
    google: adapters.google,
    sockets: {
      disconnectSession: (sessionId) => ctx.realtime().disconnectSession(sessionId),
      disconnectUser: (userId) => ctx.realtime().disconnectUser(userId),
    },
  });
  const health = createHealthModule({ database: ctx.database, jobs });
  const integrations = createIntegrationsModule({ adapters: adapters.registry });
  return { mail, admin, accounts, files, notifications, auth, health, integrations };
}

export type PlatformWing = ReturnType<typeof buildPlatformWing>;
