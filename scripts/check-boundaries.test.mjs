// Plants each violation the boundary rules must catch (node --test, run by scripts/test.mjs): the real
// rules on the real tree, with planted or edited files laid over it in memory (nothing is written).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { checkBoundaries } from './boundaries/check.mjs';
import * as realRules from './boundaries.rules.mjs';

const root = path.resolve(import.meta.dirname, '..');
const api = 'apps/api/src';
const web = 'apps/web/src';

/** The violations of the tree with `overlay` laid over it that concern `files` (the planted ones). */
function violationsOf(overlay, files = Object.keys(overlay), rules = realRules) {
  return checkBoundaries({ root, rules, overlay })
    .violations.filter((v) => files.some((f) => v.file === f || v.message.includes(f)))
    .map(({ layer, file, rule }) => `${layer}/${rule} ${file}`)
    .sort();
}

const messagesOf = (overlay, rule) =>
  checkBoundaries({ root, rules: realRules, overlay })
    .violations.filter((v) => v.rule === rule)
    .map((v) => v.message);

const real = (file) => readFileSync(path.join(root, file), 'utf8');

test('a namespace import of another module’s private file, or of a table it may not read, fails', () => {
  const file = `${api}/modules/dashboard/planted.ts`;
  assert.deepEqual(
    violationsOf({
      [file]: [
        "import * as repo from '../bookings/bookings.repo.ts';",
        "import * as schema from '../../db/schema/checkins.ts';",
        'export const planted = [repo, schema.checkinGuests];',
      ].join('\n'),
    }),
    [`api/internals ${file}`, `api/tables ${file}`],
  );
  // The same namespace reading only a granted table (dashboard reads bookings) passes.
  assert.deepEqual(
    violationsOf({
      [file]: "import * as s from '../../db/schema/bookings.ts';\nexport const planted = s.bookings;",
    }),
    [],
  );
});

test('a renamed import is seen under its real name: private file, table read and table write', () => {
  const file = `${api}/modules/health/planted.ts`;
  const found = violationsOf({
    [file]: [
      "import { createBookingsRepo as makeRepo } from '../bookings/bookings.repo.ts';",
      "import { bookings as stays } from '../../db/schema/bookings.ts';",
      'export const planted = (db: any) => [makeRepo, db.insert(stays)];',
    ].join('\n'),
  });
  assert.deepEqual(found, [`api/internals ${file}`, `api/tables ${file}`, `api/writes ${file}`]);
});

test('a re-export through lib/ of a module’s private file is a violation of the importer, and of lib/', () => {
  const lib = `${api}/lib/planted-reexport.ts`;
  const file = `${api}/modules/dashboard/planted.ts`;
  const overlay = {
    [lib]: "export { createBookingsRepo } from '../modules/bookings/bookings.repo.ts';",
    [file]:
      "import { createBookingsRepo } from '../../lib/planted-reexport.ts';\nexport const x = createBookingsRepo;",
  };
  assert.deepEqual(violationsOf(overlay, [file, lib]), [`api-lib/forbidden ${lib}`, `api/internals ${file}`]);
  assert.ok(
    messagesOf(overlay, 'internals').some((m) => m.includes(`(through ${lib})`)),
    'the message names the re-exporting file',
  );
});

test('a light entry importing a feature, app/, the other entry or a heavy lib/ file fails, and so does the kit', () => {
  const guest = `${web}/guest/planted.ts`;
  const site = `${web}/booking-site/planted.ts`;
  assert.deepEqual(
    violationsOf({
      [guest]: [
        "import { x } from '../features/dashboard/api/dashboard.ts';",
        "import type { Y } from '../app/router.tsx';",
        "export const lazy = () => import('../lib/session.ts');",
      ].join('\n'),
      [site]: "import '../guest/ui.tsx';",
    }),
    [
      `web-light/forbidden ${guest}`,
      `web-light/forbidden ${guest}`,
      `web-light/forbidden ${guest}`,
      `web-light/internals ${site}`,
    ],
  );
  // Both entries import the kit; the kit imports neither entry, nor the operator app, nor a heavy lib/ file.
  const kit = `${web}/light-kit/planted.ts`;
  assert.deepEqual(
    violationsOf({
      [guest]: "import { t } from '../light-kit/i18n.ts';\nexport const x = t;",
      [site]: "import { navigate } from '../light-kit/router.ts';\nexport const y = navigate;",
      [kit]: [
        "import { t } from '../guest/i18n.ts';",
        "import { SiteHeader } from '../booking-site/ui.tsx';",
        "import { x } from '../features/dashboard/api/dashboard.ts';",
        "import { intlLocale } from '../lib/intl.ts';",
        "export const lazy = () => import('../lib/session.ts');",
        'export const planted = [t, SiteHeader, x, intlLocale];',
      ].join('\n'),
    }),
    [
      `web-light-kit/forbidden ${kit}`,
      `web-light-kit/forbidden ${kit}`,
      `web-light-kit/forbidden ${kit}`,
      `web-light-kit/forbidden ${kit}`,
    ],
  );
  // The operator app does not load the kit.
  const feature = `${web}/features/dashboard/planted.ts`;
  assert.deepEqual(violationsOf({ [feature]: "export { t } from '../../light-kit/i18n.ts';" }), [
    `web/forbidden ${feature}`,
  ]);
  // An allowed lib/ file that starts importing the operator app's pieces drags them into the entries.
  const intl = `${web}/lib/intl.ts`;
  const reach = messagesOf(
    {
      [intl]: `import './session.ts';\n${real(intl)}`,
      [kit]: "import { intlLocale } from '../lib/intl.ts';\nexport const z = intlLocale;",
    },
    'reach',
  );
  assert.ok(reach.some((m) => m.startsWith(`${web}/guest/`) && m.includes(`through ${intl}`)));
  assert.ok(reach.some((m) => m.startsWith(`${web}/booking-site/`)));
  assert.ok(reach.some((m) => m.startsWith(`${web}/light-kit/`)));
});

test('a new import cycle between API modules fails', () => {
  const health = `${api}/modules/health/planted.ts`;
  const dashboard = `${api}/modules/dashboard/planted.ts`;
  const cycles = messagesOf(
    {
      [health]:
        "import type { DashboardService } from '../dashboard/dashboard.service.ts';\nexport type X = DashboardService;",
      [dashboard]:
        "import { createHealthModule } from '../health/health.module.ts';\nexport const y = createHealthModule;",
    },
    'cycle',
  );
  assert.equal(cycles.length, 1);
  assert.match(cycles[0], /dashboard -> health -> dashboard/);
  assert.ok(
    cycles[0].includes(health) && cycles[0].includes(dashboard),
    'the message names the importing files',
  );
});

test('a badly named file fails: API module, lib/, web feature', () => {
  const files = [
    `${api}/modules/bookings/BookingHelper.ts`,
    `${api}/modules/bookings/bookings.helper.ts`,
    `${api}/lib/snake_case.ts`,
    `${web}/features/dashboard/components/MyCard.tsx`,
  ];
  const overlay = Object.fromEntries(files.map((f) => [f, 'export const x = 1;']));
  // A role from the list, a plain helper and a descriptive test name pass.
  overlay[`${api}/modules/bookings/stay-helper.ts`] = 'export const y = 1;';
  overlay[`${api}/modules/bookings/bookings.jobs.ts`] = 'export const z = 1;';
  overlay[`${api}/modules/bookings/bookings.overlap.int.test.ts`] = 'export const t = 1;';
  assert.deepEqual(violationsOf(overlay), [
    `api-lib/file-name ${files[2]}`,
    `api/file-name ${files[0]}`,
    `api/file-name ${files[1]}`,
    `web/file-name ${files[3]}`,
  ]);
});

test('raw SQL naming another module’s table: a read needs a grant, a write always fails', () => {
  const file = `${api}/modules/health/planted.ts`;
  const granted = `${api}/modules/dashboard/planted.ts`;
  const overlay = {
    [file]: [
      "import { sql } from 'drizzle-orm';",
      'export const count = sql`select count(*) from bookings b join "checkin_guests" g on true`;',
      "export const purge = 'delete from checkins where id = $1';",
      'export const sub = sql.raw(`(SELECT 1 FROM users)`);',
      "export const prose = 'Copied from bookings by the operator';",
    ].join('\n'),
    [granted]:
      "import { sql } from 'drizzle-orm';\nexport const q = sql`select 1 from bookings join unit_nights on true`;",
  };
  assert.deepEqual(violationsOf(overlay), [
    `api/sql ${file}`,
    `api/sql ${file}`,
    `api/sql ${file}`,
    `api/writes ${file}`,
  ]);
  const messages = messagesOf(overlay, 'sql').join('\n');
  for (const table of ['bookings', 'checkin_guests', 'users'])
    assert.match(messages, new RegExp(`reads ${table}`));
});

test('an exception that no longer happens fails as stale: import, cycle and one added by hand', () => {
  // The iCal types stop importing the channels schema; the pipeline's deps stop typing the bell's shape.
  const types = `${api}/adapters/ical/types.ts`;
  const deps = `${api}/modules/delivery/delivery-deps.ts`;
  const stale = checkBoundaries({
    root,
    rules: realRules,
    overlay: {
      [types]: real(types).replace(
        /^import[^;]*db\/schema\/channels\.ts';\n/m,
        'type CalendarChannel = never;\ntype ChannelEventKind = never;\n',
      ),
      [deps]: real(deps).replace(
        /^import[^;]*notifications\/notifications\.service\.ts';\n/m,
        'type NewNotification = never;\n',
      ),
    },
  }).violations.filter((v) => v.rule === 'stale-exception');
  assert.deepEqual(stale.map((v) => `${v.layer} ${v.file}`).sort(), [`api ${deps}`, `api-adapters ${types}`]);

  const added = {
    file: `${api}/modules/health/health.routes.ts`,
    rule: 'internals',
    what: 'nothing',
    why: 'test',
  };
  const rules = {
    ...realRules,
    layers: realRules.layers.map((l) =>
      l.name === 'api' ? { ...l, exceptions: [...l.exceptions, added] } : l,
    ),
  };
  assert.deepEqual(violationsOf({}, [added.file], rules), [`api/stale-exception ${added.file}`]);
});
