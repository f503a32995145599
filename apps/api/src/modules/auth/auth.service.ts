// STUB — replaced by the auth helper.
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthContext } from '../../plugins/access.ts';
import type { MailService } from '../mail/mail.service.ts';

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(_deps: {
  db: Db;
  clock: Clock;
  config: Config;
  mail: Pick<MailService, 'send'>;
}) {
  return {
    async authenticate(_token: string): Promise<AuthContext | null> {
      return null;
    },
  };
}
