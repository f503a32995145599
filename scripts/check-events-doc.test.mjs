// Plants each drift the events check must catch (node --test, run by scripts/test.mjs).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eventsDocProblems } from './check-events-doc.mjs';

const typesSource = `export interface DomainEvents {
  'booking.created': { booking_id: string };
  'booking.cancelled': { booking_id: string };
}`;
const header = '| Event | Payload | Producers | Handlers |\n| --- | --- | --- | --- |\n';
const doc = `${header}| \`booking.created\` | \`booking_id\` | bookings | \`checkins.replan\` |
| \`booking.cancelled\` | \`booking_id\` | bookings | \`checkins.replan\` |
`;
const sources = [{ file: 'a.ts', text: "bus.on('booking.created', 'checkins.replan', run);" }];

test('code and doc that agree pass', () => {
  assert.deepEqual(eventsDocProblems({ typesSource, sources, doc }), []);
});

test('an undocumented event, a documented event that is gone and an unlisted handler each fail', () => {
  const problems = eventsDocProblems({
    typesSource: typesSource.replace("'booking.cancelled'", "'booking.moved'"),
    sources: [
      ...sources,
      { file: 'b.ts', text: "bus.on(\n  'booking.created',\n  'smart-locks.sync',\n  run);" },
    ],
    doc,
  });
  assert.equal(problems.length, 3);
  assert.match(problems[0], /^booking\.moved: declared/);
  assert.match(problems[1], /^booking\.cancelled: a row/);
  assert.match(problems[2], /^booking\.created → smart-locks\.sync \(b\.ts\)/);
});
