// `npm run demo`: seeds the demo accounts into the configured database (DATABASE_URL or DATA_DIR).
import { type Config, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { AppSecretError } from '../lib/app-secret.ts';
import { systemClock } from '../lib/clock.ts';
import { createFilesService } from '../modules/files/files.service.ts';
import { createLocalStorage } from '../modules/files/storage.ts';
import { DEMO_PASSWORD, demoEmails, seedDemo } from './seed.ts';

// The same secret as `npm start` (APP_SECRET, or DATA_DIR/app-secret, written here on a first run).
let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof AppSecretError)) throw err;
  console.error(`\n  ${err.message}\n`);
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await database.migrate();
  const report = await seedDemo(database.db, systemClock, {
    files: createFilesService({ storage: createLocalStorage(config.DATA_DIR) }),
    appSecret: config.APP_SECRET,
  });
  const where = database.kind === 'pglite' ? `embedded database in ${config.DATA_DIR}` : 'PostgreSQL';
  console.log(`\nDemo data (${where}):\n`);
  for (const line of report.lines) console.log(`  ${line}`);
  console.log(
    `\n  Experiences store (issue 18): ${demoEmails.empresa} → Experiencias: services, requests and reports.`,
  );
  console.log(
    `\n  ${report.created} record(s) created. Every demo login uses the password ${DEMO_PASSWORD}\n`,
  );
} finally {
  await database.close();
}
