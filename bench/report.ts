import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BenchRow {
  database: string;
  scenario: string;
  connections: number;
  seconds: number;
  requests: number;
  /** 200 answers per second. */
  okPerSecond: number;
  /** Latency percentiles in milliseconds, over every answer. */
  p50: number;
  p95: number;
  p99: number;
  /** Answers other than 200, connection errors and timeouts. */
  failures: number;
  statuses: Record<string, number>;
}

export const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');

function table(rows: BenchRow[]): string {
  const lines = [
    '| database | call | connections | requests/s (200) | p50 ms | p95 ms | p99 ms | requests | not 200 |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.database} | ${r.scenario} | ${r.connections} | ${r.okPerSecond.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.requests} | ${r.failures} |`,
    ),
  ];
  return lines.join('\n');
}

/** Writes results/<name>.md and rebuilds results/latest.md from every bench's latest section. */
export function writeReport(
  name: string,
  report: { title: string; machine: string; notes: string[]; rows: BenchRow[] },
) {
  const section = [
    `## ${report.title}`,
    '',
    `Run ${new Date().toISOString()} on ${report.machine}.`,
    '',
    table(report.rows),
    '',
    ...report.notes.map((note) => `- ${note}`),
    '',
  ].join('\n');
  writeFileSync(path.join(resultsDir, `${name}.md`), section);
  console.log(`\n${section}`);
  rebuildLatest();
}

/** Rebuilds results/latest.md from every bench's latest section (results/<name>.md). */
export function rebuildLatest() {
  const sections = readdirSync(resultsDir)
    .filter((file) => file.endsWith('.md') && file !== 'latest.md')
    .sort()
    .map((file) => readFileSync(path.join(resultsDir, file), 'utf8').trim());
  writeFileSync(
    path.join(resultsDir, 'latest.md'),
    `# Latest benchmark results\n\nWritten by \`npm run bench\`; each section by its own script in \`bench/\`.\n\n${sections.join('\n\n')}\n`,
  );
}
