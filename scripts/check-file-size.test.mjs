// Plants each violation the file-size rule must catch (node --test, run by scripts/test.mjs).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileSizeProblems, LIMIT, shrinking } from './check-file-size.mjs';

const lines = (n) => 'x\n'.repeat(n);
function tree(files) {
  const root = mkdtempSync(path.join(tmpdir(), 'file-size-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return { root, files: Object.keys(files) };
}

test('a new source file over the limit fails; tests, migrations and short files pass', () => {
  const { root, files } = tree({
    'apps/api/src/modules/x/x.service.ts': lines(LIMIT + 1),
    'apps/api/src/modules/x/x.int.test.ts': lines(LIMIT * 3),
    'apps/api/src/db/migrations/0001_x.sql': lines(LIMIT * 3),
    'apps/web/src/y.tsx': lines(LIMIT),
  });
  assert.deepEqual(fileSizeProblems(root, files), [
    `apps/api/src/modules/x/x.service.ts: ${LIMIT + 1} lines, over the limit of ${LIMIT}; split it`,
  ]);
});

test('a listed file may shrink, not grow, and must leave the list once under the limit', () => {
  const [file, allowed] = Object.entries(shrinking)[0];
  const grown = tree({ [file]: lines(allowed + 1) });
  assert.match(fileSizeProblems(grown.root, grown.files)[0], /may only shrink/);
  const shrunk = tree({ [file]: lines(allowed - 1) });
  assert.deepEqual(fileSizeProblems(shrunk.root, shrunk.files), []);
  const split = tree({ [file]: lines(LIMIT) });
  assert.match(fileSizeProblems(split.root, split.files)[0], /delete its line/);
});
