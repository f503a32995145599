// Fails when a source file grows past 500 lines (docs/style.md, File size): a file that long holds more than
// one idea. Tests, migrations and locale files are not counted. `shrinking` lists the files that were over
// the limit when the rule came (issue 28) with their length then: each may only get shorter, and leaves the
// list (the check says so) once it is under the limit.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const LIMIT = 500;

/** Over the limit when the rule came; split them, then delete their line here. */
export const shrinking = {
  'bench/delivery.bench.ts': 789,
  'apps/api/src/adapters/whatsapp/whatsapp.fake-store.ts': 760,
  'apps/api/src/adapters/whatsapp/whatsapp.fake.ts': 735,
  'apps/api/src/adapters/twilio/twilio.fake.ts': 723,
  'apps/api/src/demo/seed.ts': 714,
  'apps/web/src/features/reservations/calendars/components/calendar.module.css': 677,
  'apps/api/src/demo/seed-bookings.ts': 560,
  'apps/api/src/modules/auth/auth.service.ts': 541,
  'apps/api/src/modules/channels/channel-sync.ts': 514,
};

const counted = (file) =>
  /^(apps|packages|scripts|bench)\//.test(file) &&
  /\.(ts|tsx|mjs|js|css)$/.test(file) &&
  !/\.(test|spec)\.tsx?$/.test(file) &&
  !/\/migrations\//.test(file) &&
  !/\/dist\//.test(file);

/** The problems of a tree: files over the limit, and listed files that grew or no longer need the list. */
export function fileSizeProblems(root, files) {
  const problems = [];
  for (const file of files.filter(counted)) {
    if (!existsSync(path.join(root, file))) continue;
    const lines = readFileSync(path.join(root, file), 'utf8').split('\n').length - 1;
    const allowed = shrinking[file];
    if (allowed === undefined) {
      if (lines > LIMIT) problems.push(`${file}: ${lines} lines, over the limit of ${LIMIT}; split it`);
    } else if (lines > allowed) {
      problems.push(`${file}: ${lines} lines, longer than the ${allowed} it had; it may only shrink`);
    } else if (lines <= LIMIT) {
      problems.push(
        `${file}: ${lines} lines, under the limit now; delete its line in scripts/check-file-size.mjs`,
      );
    }
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '..');
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);
  const problems = fileSizeProblems(root, files);
  for (const problem of problems) console.error(problem);
  if (problems.length) process.exit(1);
  console.log(
    `file size: ok (no source file over ${LIMIT} lines; ${Object.keys(shrinking).length} shrinking)`,
  );
}
