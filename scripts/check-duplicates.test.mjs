// Plants each violation the duplicate budget must catch (node --test, run by scripts/test.mjs).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import {
  BUDGET_FILE,
  budgetProblems,
  density,
  detectClones,
  sourceFolders,
  summary,
} from './check-duplicates.mjs';

const budget = {
  duplicatedLines: 1000,
  clones: 100,
  baseline: { duplicatedLines: 1000, when: 'then' },
  target: 500,
};
const measured = (duplicatedLines) => ({ duplicatedLines, clones: 100 });

test('more duplicated lines than the budget fail', () => {
  assert.match(budgetProblems(measured(1001), budget)[0], /1001, over the budget of 1000/);
});

test('a budget left more than 2 % above the figure fails, asking to lower it', () => {
  assert.match(budgetProblems(measured(979), budget)[0], /under the budget of 1000; lower it/);
});

test('the budget itself, or up to 2 % under it, passes', () => {
  assert.deepEqual(budgetProblems(measured(1000), budget), []);
  assert.deepEqual(budgetProblems(measured(980), budget), []);
});

test('the committed budget aims at half of the figure it started from', () => {
  const committed = JSON.parse(readFileSync(BUDGET_FILE, 'utf8'));
  assert.equal(committed.target, Math.round(committed.baseline.duplicatedLines / 2));
  assert.ok(committed.duplicatedLines <= committed.baseline.duplicatedLines);
});

/** A function long enough (well over 50 tokens) to count as a copy. */
const body = (name) => `export function ${name}(rows: { id: string; total: number; paid: number }[]) {
  const owed = [];
  for (const row of rows) {
    if (row.total > row.paid) owed.push({ id: row.id, left: row.total - row.paid, late: row.paid === 0 });
  }
  owed.sort((a, b) => b.left - a.left || a.id.localeCompare(b.id));
  return owed.map((o) => \`\${o.id}: \${o.left}\${o.late ? ' (late)' : ''}\`);
}
`;

const unique = `export function other(rows: number[]) {
  const out = [];
  for (const r of rows) {
    if (r > 2) out.push(r * 3 + 1);
  }
  return out.filter((x) => x % 2 === 0).map((x) => x / 2);
}
`;

function tree(files) {
  const root = mkdtempSync(path.join(tmpdir(), 'duplicates-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

test('jscpd finds a function copied into another module, and not one copied into a test', () => {
  const root = tree({
    'apps/api/src/modules/a/a.service.ts': `// a\n${body('owedA')}`,
    'apps/api/src/modules/b/b.service.ts': `import x from 'y';\n\n${body('owedB')}`,
    'apps/api/src/modules/b/b.test.ts': body('owedC'),
    'packages/domain/src/other.ts': unique,
  });
  assert.deepEqual(sourceFolders(root), ['apps/api/src', 'packages/domain/src']);
  const found = detectClones(root);
  assert.equal(found.clones, 1);
  assert.equal(found.files, 3);
  const [pair] = found.pairs;
  assert.deepEqual([pair.first.file, pair.second.file].sort(), [
    'apps/api/src/modules/a/a.service.ts',
    'apps/api/src/modules/b/b.service.ts',
  ]);
  assert.ok(pair.lines >= 5 && found.duplicatedLines === pair.lines);
  assert.ok(density(found) > 0);
  assert.match(summary(found, budget), /1 clone pairs, \d+ duplicated lines/);
  assert.match(summary(found, budget), /a\.service\.ts:\d+-\d+ ↔ .*b\.service\.ts:\d+-\d+/);
});
