import { buildApp } from './app.ts';
import { type Config, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { AppSecretError } from './lib/app-secret.ts';
import { sealedColumnsNotOpening } from './lib/reseal-secrets.ts';
import { createSecretBox } from './lib/secret-box.ts';
import { closeServer, handleShutdownSignals } from './lib/shutdown.ts';
import { SEALED_COLUMNS } from './sealed-columns.ts';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  // A configuration problem is the operator's to fix: the message, not a stack trace.
  if (
    !(err instanceof AppSecretError) &&
    !(err instanceof Error && err.message.startsWith('Invalid configuration'))
  )
    throw err;
  console.error(`\n  Posada cannot start: ${err.message}\n`);
  process.exit(1);
}
/** Set once the app is built: the embedded database's abort is logged through it. */
let log: { fatal(obj: object, msg: string): void } | null = null;
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  // PGlite's WASM runtime trapped (db/client.ts watchForAbort): every later query would fail, so the process
  // exits non-zero and its supervisor starts it again (README, Running under a supervisor). The short delay
  // lets the log line and the failing request's answer go out.
  onAbort: (err) => {
    const message = 'the embedded database (PGlite) aborted; exiting so that the supervisor restarts Posada';
    if (log) log.fatal({ err }, message);
    else console.error(`\n  Posada: ${message}: ${err.message}\n`);
    setTimeout(() => process.exit(1), 200);
  },
});
await database.migrate();
const app = await buildApp({ config, database });
log = app.log;
const notOpening = await sealedColumnsNotOpening(
  database.db,
  createSecretBox(config.APP_SECRET, config.APP_SECRET_PREVIOUS),
  SEALED_COLUMNS,
);

handleShutdownSignals({
  log: app.log,
  // app.close(): no new connections (new requests on open ones get 503), in-flight requests finish,
  // then the onClose hooks stop the job queue (waiting for running handlers) and socket.io.
  close: () => closeServer(app, database),
});

await app.listen({ port: config.PORT, host: config.HOST });
const url = config.APP_URL;
const dbLabel =
  database.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)';
// Printed plainly so a newcomer sees where to go, whatever the log level.
const mailLabel = config.SMTP_URL
  ? 'sent over SMTP_URL'
  : 'not sent (SMTP_URL is not set): each one is logged here with its links and kept in the outbox';
console.log(`\n  Posada is running at ${url}  (database: ${dbLabel})\n  E-mail: ${mailLabel}\n`);
if (config.APP_SECRET_SOURCE === 'generated') {
  console.log(
    `  APP_SECRET is not set: a new random secret was stored in ${config.DATA_DIR}/app-secret.\n` +
      '  Back it up with the data: sealed fields and guest sessions open only with it (docs/operations.md).\n',
  );
}
if (notOpening.length > 0) {
  const source =
    config.APP_SECRET_SOURCE === 'env' ? 'APP_SECRET' : `the secret in ${config.DATA_DIR}/app-secret`;
  console.warn(
    `  WARNING: stored sealed values (${notOpening.join(', ')}) do not open with ${source}.\n` +
      '  This data was sealed with another secret: start with that one (APP_SECRET), or set it as\n' +
      '  APP_SECRET_PREVIOUS and run npm run secrets:reseal (docs/operations.md).\n',
  );
  app.log.warn({ columns: notOpening }, 'sealed values do not open with the app secret');
}
