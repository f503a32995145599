// npm run dev: the API with reload (tsx watch) and Vite with hot reload; Vite proxies /api and /socket.io.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.PORT ?? '3000';
const children = [
  spawn('npm', ['run', 'dev', '-w', '@posada/api'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: apiPort,
      APP_URL: process.env.APP_URL ?? 'http://localhost:5173',
      SERVE_WEB: 'false',
    },
  }),
  spawn('npm', ['run', 'dev', '-w', '@posada/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
console.log('\n  Posada (development): open http://localhost:5173\n');
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
