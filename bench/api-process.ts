// `npm start`'s API in a child process for the benches that measure over real HTTP (inbox-live,
// concierge-latency): a free port, started until GET /api/health answers, stopped with SIGTERM.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const serverScript = path.join(root, 'apps/api/src/server.ts');

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  log: string[];
}

export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

/**
 * `npm start`'s server in a child process; resolves once GET /api/health answers 200. `nodeArgs` go before
 * the script (e.g. `--cpu-prof`, which NODE_OPTIONS does not take).
 */
export async function startApi(env: Record<string, string>, nodeArgs: string[] = []): Promise<ApiProcess> {
  const port = await freePort();
  const log: string[] = [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', serverScript], {
    cwd: path.join(root, 'apps/api'),
    env: { ...process.env, ...env, PORT: String(port), APP_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => log.push(String(d)));
  child.stderr?.on('data', (d) => log.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API exited ${child.exitCode}: ${log.join('')}`);
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) return { url, child, log };
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error(`API did not start in 180 s: ${log.join('')}`);
}

export async function stopApi(api: ApiProcess) {
  if (api.child.exitCode !== null) return;
  const exited = new Promise((r) => api.child.once('exit', r));
  api.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (api.child.exitCode === null) api.child.kill('SIGKILL');
}

/**
 * Runs `measure` on an on-disk PGlite, then on a throwaway PostgreSQL database when `postgresUrl` is set;
 * the data directories and the database are removed afterwards. Answers the rows of both.
 */
export async function onEachDatabase<Row>(
  postgresUrl: string | undefined,
  measure: (
    target: 'pglite' | 'postgres',
    options: { dataDir: string; databaseUrl?: string },
  ) => Promise<Row[]>,
): Promise<Row[]> {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { createThrowawayPostgres } = await import('../apps/api/src/test/test-app.ts');
  const rows: Row[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'posada-bench-'));
  try {
    rows.push(...(await measure('pglite', { dataDir })));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (postgresUrl) {
    const throwaway = await createThrowawayPostgres(postgresUrl, 'posada_bench');
    const pgDataDir = mkdtempSync(path.join(tmpdir(), 'posada-bench-'));
    try {
      rows.push(...(await measure('postgres', { databaseUrl: throwaway.url, dataDir: pgDataDir })));
    } finally {
      await throwaway.drop();
      rmSync(pgDataDir, { recursive: true, force: true });
    }
  }
  return rows;
}
