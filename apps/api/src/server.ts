import { buildApp } from './app.ts';
import { DEVELOPMENT_APP_SECRET, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await database.migrate();
const app = await buildApp({ config, database });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
const url = config.APP_URL;
const dbLabel =
  database.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)';
// Printed plainly so a newcomer sees where to go, whatever the log level.
const mailLabel = config.SMTP_URL
  ? 'sent over SMTP_URL'
  : 'not sent (SMTP_URL is not set): each one is logged here with its links and kept in the outbox';
console.log(`\n  Posada is running at ${url}  (database: ${dbLabel})\n  E-mail: ${mailLabel}\n`);
if (config.APP_SECRET === DEVELOPMENT_APP_SECRET) {
  console.log(
    '  APP_SECRET is not set: sealed fields (authority passwords) use the public development key.\n' +
      '  Set APP_SECRET (32+ characters) for real data, and keep it: another value cannot open them.\n',
  );
}
