// `npm run secrets:reseal`: after a rotation (APP_SECRET new, APP_SECRET_PREVIOUS old), seals every stored
// secret under APP_SECRET so APP_SECRET_PREVIOUS can be removed (docs/operations.md).
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { AppSecretError } from './lib/app-secret.ts';
import { ResealError, resealSecrets } from './lib/reseal-secrets.ts';
import { createSecretBox } from './lib/secret-box.ts';
import { SEALED_COLUMNS } from './sealed-columns.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof AppSecretError)) throw err;
  console.error(`\n  ${err.message}\n`);
  process.exit(1);
}
if (!config.APP_SECRET_PREVIOUS) {
  console.log('  APP_SECRET_PREVIOUS is not set: values are only checked to open with APP_SECRET.');
}
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
let failed = false;
try {
  await database.migrate();
  const counts = await resealSecrets(
    database.db,
    createSecretBox(config.APP_SECRET, config.APP_SECRET_PREVIOUS),
    SEALED_COLUMNS,
  );
  for (const c of counts) {
    console.log(
      `  ${c.label}: ${c.total} sealed, ${c.resealed} re-sealed, ${c.current} already under APP_SECRET`,
    );
  }
  const resealed = counts.reduce((sum, c) => sum + c.resealed, 0);
  console.log(
    `\n  ${resealed} value(s) re-sealed under APP_SECRET.` +
      (config.APP_SECRET_PREVIOUS
        ? ' Remove APP_SECRET_PREVIOUS once the guest sessions it signed have expired (2 hours).'
        : ''),
  );
} catch (err) {
  if (!(err instanceof ResealError)) throw err;
  for (const c of err.counts) {
    console.error(`  ${c.label}: ${c.total} sealed, ${c.unreadable.length} open with neither secret`);
  }
  console.error(`\n  ${err.message}\n`);
  failed = true;
} finally {
  await database.close();
}
if (failed) process.exit(1);
