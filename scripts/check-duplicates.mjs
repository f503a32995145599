// Fails when the source holds more copied code than its budget (docs/style.md, Duplicated code; issue 28).
// jscpd finds the copies: exact clones of at least 50 tokens and 5 lines (its defaults), mode mild (blank
// lines skipped, comments kept), in the TypeScript, TSX and CSS of apps/api/src, apps/web/src and
// packages/*/src. Tests, test helpers (src/test/, test-support.ts), migrations and locale files are not
// counted; the adapters' fakes are: they are servers with logic of their own, not recorded data.
// scripts/duplicates.budget.json holds the duplicated lines allowed, and may only go down: over it fails,
// and more than 2 % under it fails too, asking to lower it (`node scripts/check-duplicates.mjs --lower`).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '..');
export const BUDGET_FILE = path.join(repo, 'scripts', 'duplicates.budget.json');
/** How far under the budget the figure may fall before the budget must be lowered. */
export const STALE_MARGIN = 0.02;

/** jscpd's settings: its defaults written out, so an upgrade that changes them does not move the figure. */
export const SETTINGS = [
  '--min-tokens',
  '50',
  '--min-lines',
  '5',
  '--mode',
  'mild',
  '--format',
  'typescript,tsx,css',
];

/** Not counted: tests and their helpers, type declarations, migrations, locale files. */
export const IGNORED = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/*.d.ts',
  '**/src/test/**',
  '**/test-support.ts',
  '**/test-pfx.ts',
  '**/e2e/**',
  '**/migrations/**',
  '**/locales/**',
  '**/node_modules/**',
  '**/dist/**',
];

/** The folders scanned: each app's and package's `src`. */
export function sourceFolders(root) {
  const packages = existsSync(path.join(root, 'packages')) ? readdirSync(path.join(root, 'packages')) : [];
  return ['apps/api/src', 'apps/web/src', ...packages.sort().map((p) => `packages/${p}/src`)].filter((dir) =>
    existsSync(path.join(root, dir)),
  );
}

/**
 * Runs jscpd over `folders` of `root` and answers the totals and every clone pair, the longest first. A
 * pair's `lines` is the length of the copied fragment (one side); `duplicatedLines` is their sum.
 */
export function detectClones(root, folders = sourceFolders(root), ignored = IGNORED) {
  const jscpd = createRequire(path.join(repo, 'package.json')).resolve('jscpd/run-jscpd.js');
  const out = mkdtempSync(path.join(tmpdir(), 'duplicates-'));
  try {
    execFileSync(
      process.execPath,
      [
        jscpd,
        ...SETTINGS,
        ...(ignored.length ? ['--ignore', ignored.join(',')] : []),
        '--reporters',
        'json',
        '--output',
        out,
        '--absolute',
        '--silent',
        '--no-colors',
        ...folders,
      ],
      { cwd: root, stdio: 'pipe', env: { ...process.env, JSCPD_NO_TIPS: '1' } },
    );
    const report = JSON.parse(readFileSync(path.join(out, 'jscpd-report.json'), 'utf8'));
    const { total } = report.statistics;
    const side = (f) => ({ file: path.relative(root, f.name), start: f.start, end: f.end });
    const pairs = report.duplicates
      .map((d) => ({
        first: side(d.firstFile),
        second: side(d.secondFile),
        lines: d.lines,
        tokens: d.tokens,
      }))
      .sort(
        (a, b) =>
          b.lines - a.lines ||
          b.tokens - a.tokens ||
          a.first.file.localeCompare(b.first.file) ||
          a.first.start - b.first.start,
      );
    return {
      files: total.sources,
      lines: total.lines,
      clones: total.clones,
      duplicatedLines: total.duplicatedLines,
      pairs,
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** Clone pairs per 1,000 lines of source. */
export const density = ({ clones, lines }) => (lines ? (clones * 1000) / lines : 0);

/** What is wrong with `measured` against `budget`: more duplicated lines than allowed, or a budget left high. */
export function budgetProblems(measured, budget) {
  const { duplicatedLines } = measured;
  const allowed = budget.duplicatedLines;
  if (duplicatedLines > allowed) {
    return [
      `duplicated lines: ${duplicatedLines}, over the budget of ${allowed}; share the new copy instead ` +
        '(the longest pairs are listed above), the budget may only go down',
    ];
  }
  if (duplicatedLines < allowed * (1 - STALE_MARGIN)) {
    return [
      `duplicated lines: ${duplicatedLines}, more than ${STALE_MARGIN * 100} % under the budget of ${allowed}; ` +
        'lower it: node scripts/check-duplicates.mjs --lower',
    ];
  }
  return [];
}

const n = (x) => x.toLocaleString('en-US');
const where = (s) => `${s.file}:${s.start}-${s.end}`;

/** The summary printed by the check: the totals, the budget and the `top` longest pairs. */
export function summary(measured, budget, top = 10) {
  const percent = measured.lines ? (measured.duplicatedLines * 100) / measured.lines : 0;
  return [
    `${n(measured.files)} files, ${n(measured.lines)} lines: ${n(measured.clones)} clone pairs, ` +
      `${n(measured.duplicatedLines)} duplicated lines (${percent.toFixed(2)} %), ` +
      `${density(measured).toFixed(2)} pairs per 1,000 lines`,
    `budget: ${n(budget.duplicatedLines)} duplicated lines (${n(budget.clones)} pairs when set); ` +
      `target: ${n(budget.target)}, half of the ${n(budget.baseline.duplicatedLines)} of ${budget.baseline.when}`,
    `the ${Math.min(top, measured.pairs.length)} longest copies (lines, one side ↔ the other):`,
    ...measured.pairs
      .slice(0, top)
      .map((p) => `  ${String(p.lines).padStart(4)}  ${where(p.first)} ↔ ${where(p.second)}`),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const budget = JSON.parse(readFileSync(BUDGET_FILE, 'utf8'));
  const measured = detectClones(repo);
  console.log(summary(measured, budget));
  if (process.argv.includes('--lower')) {
    if (measured.duplicatedLines > budget.duplicatedLines) {
      console.error(
        `duplicated lines: ${measured.duplicatedLines}, over the budget; the budget is not raised`,
      );
      process.exit(1);
    }
    const lowered = { ...budget, duplicatedLines: measured.duplicatedLines, clones: measured.clones };
    writeFileSync(BUDGET_FILE, `${JSON.stringify(lowered, null, 2)}\n`);
    console.log(`budget lowered to ${measured.duplicatedLines} duplicated lines, ${measured.clones} pairs`);
    process.exit(0);
  }
  const problems = budgetProblems(measured, budget);
  for (const problem of problems) console.error(problem);
  if (problems.length) process.exit(1);
  console.log(`duplicated code: ok (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
