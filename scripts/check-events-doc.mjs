// Fails when docs/events.md and the code disagree (issue 28): every event of `DomainEvents`
// (apps/api/src/events/types.ts) has a row in the doc's Events table, every row names an event that exists,
// and every handler the code subscribes (`bus.on('<event>', '<handler>', …)`) is named in its event's row.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The event names declared in the DomainEvents interface. */
export function declaredEvents(typesSource) {
  const body = /export interface DomainEvents \{([\s\S]*?)\n\}/.exec(typesSource)?.[1] ?? '';
  return [...body.matchAll(/^ {2}'([a-z_]+\.[a-z_]+)':/gm)].map((m) => m[1]);
}

/** Each `.on('<event>', '<handler>'` subscription in a source text. */
export function subscriptions(source) {
  return [...source.matchAll(/\.on\(\s*'([a-z_]+\.[a-z_]+)',\s*'([a-z][\w.-]*)'/g)].map((m) => ({
    event: m[1],
    handler: m[2],
  }));
}

/** The Events table's rows: event → the text of its Handlers column. */
export function documentedEvents(doc) {
  const rows = new Map();
  for (const line of doc.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const event = /^`([a-z_]+\.[a-z_]+)`$/.exec(cells[1] ?? '')?.[1];
    if (event && cells.length >= 6) rows.set(event, cells[4]);
  }
  return rows;
}

export function eventsDocProblems({ typesSource, sources, doc }) {
  const problems = [];
  const declared = declaredEvents(typesSource);
  const rows = documentedEvents(doc);
  for (const event of declared)
    if (!rows.has(event)) problems.push(`${event}: declared in events/types.ts, no row in docs/events.md`);
  for (const event of rows.keys())
    if (!declared.includes(event))
      problems.push(`${event}: a row in docs/events.md, not declared in the code`);
  for (const { file, text } of sources)
    for (const { event, handler } of subscriptions(text)) {
      const handlers = rows.get(event);
      if (handlers !== undefined && !handlers.includes(handler))
        problems.push(
          `${event} → ${handler} (${file}): subscribed in the code, not in its docs/events.md row`,
        );
    }
  return problems;
}

function sourcesUnder(dir, root) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourcesUnder(full, root));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
      found.push({ file: path.relative(root, full), text: readFileSync(full, 'utf8') });
  }
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '..');
  const problems = eventsDocProblems({
    typesSource: readFileSync(path.join(root, 'apps/api/src/events/types.ts'), 'utf8'),
    sources: sourcesUnder(path.join(root, 'apps/api/src'), root),
    doc: readFileSync(path.join(root, 'docs/events.md'), 'utf8'),
  });
  for (const problem of problems) console.error(problem);
  if (problems.length) process.exit(1);
  console.log('events: docs/events.md lists every event and handler');
}
