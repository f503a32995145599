import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiPort = process.env.API_PORT ?? '3000';
const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

/**
 * The guest flow's OCR assets, served by us from /guest-assets/ (never a CDN): tesseract.js worker, its
 * LSTM-only wasm cores and the English trained data. Copied into the build; served from node_modules in
 * dev. (The identity check's face match runs on the server since issue 27.)
 */
function guestAssets(): Plugin {
  const files = (): Record<string, string> => {
    const tesseract = packageDir('tesseract.js');
    const core = packageDir('tesseract.js-core');
    const eng = packageDir('@tesseract.js-data/eng');
    const out: Record<string, string> = {
      'tesseract/worker.min.js': path.join(tesseract, 'dist/worker.min.js'),
      'tesseract/eng.traineddata.gz': path.join(eng, '4.0.0/eng.traineddata.gz'),
    };
    for (const variant of ['lstm', 'simd-lstm', 'relaxedsimd-lstm']) {
      const name = `tesseract-core-${variant}.wasm.js`;
      out[`tesseract/${name}`] = path.join(core, name);
    }
    return out;
  };
  let outDir: string | null = null;
  return {
    name: 'posada-guest-assets',
    configResolved(config) {
      // Only a real build writes them (vitest resolves this config too, with a dummy outDir).
      if (config.command === 'build' && !process.env.VITEST)
        outDir = path.resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      const map = files();
      server.middlewares.use('/guest-assets/', (req, res, next) => {
        const source = map[(req.url ?? '').replace(/^\//, '').split('?')[0] ?? ''];
        if (!source || !existsSync(source)) return next();
        res.end(readFileSync(source));
      });
    },
    closeBundle() {
      if (!outDir) return;
      for (const [target, source] of Object.entries(files())) {
        const destination = path.join(outDir, 'guest-assets', target);
        mkdirSync(path.dirname(destination), { recursive: true });
        copyFileSync(source, destination);
      }
    },
  };
}

const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|wasm|webmanifest)$/;

/**
 * Brotli (quality 11) and gzip (level 9) copies beside each compressible file of the build, so the API
 * sends them as they are (`@fastify/static` preCompressed) and never compresses an asset per request.
 * A copy is kept only when it is smaller than the file. Runs after every other plugin has written.
 */
function precompress(): Plugin {
  let outDir: string | null = null;
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
  return {
    name: 'posada-precompress',
    configResolved(config) {
      if (config.command === 'build' && !process.env.VITEST)
        outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (!outDir) return;
        for (const file of walk(outDir)) {
          if (!compressible.test(file)) continue;
          const bytes = readFileSync(file);
          const br = brotliCompressSync(bytes, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          });
          if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
          const gz = gzipSync(bytes, { level: 9 });
          if (gz.length < bytes.length) writeFileSync(`${file}.gz`, gz);
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), guestAssets(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}` },
      '/socket.io': { target: `ws://127.0.0.1:${apiPort}`, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // The guest check-in flow is its own page: none of the staff app (Mantine, router, query) loads there.
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        checkin: fileURLToPath(new URL('./checkin.html', import.meta.url)),
        // The public direct-booking website (issue 15), light like the check-in.
        book: fileURLToPath(new URL('./book.html', import.meta.url)),
      },
    },
  },
  test: {
    projects: [
      // Pure functions.
      { extends: true, test: { name: 'unit', environment: 'node', include: ['src/**/*.test.ts'] } },
      // Components and routes in jsdom against MSW (issue 28: the tier between unit tests and Playwright).
      {
        extends: true,
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['src/test/setup.ts'],
          // A route's first render loads its lazy chunks and findBy* waits up to 5 s: the test gets more.
          testTimeout: 20_000,
          // No server answers here: the realtime socket fails at once instead of reaching a local port.
          environmentOptions: { jsdom: { url: 'http://posada.invalid/' } },
        },
      },
    ],
  },
});
