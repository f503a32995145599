import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * `npm run screenshots`: the gallery in docs/screens (e2e/screens/gallery.screens.ts) against the same
 * e2e server the flows use (the production build in WEB_DIST or apps/web/dist, a fresh demo database).
 */
export default defineConfig({
  ...base,
  testDir: './screens',
  testMatch: 'gallery.screens.ts',
  timeout: 300_000,
  retries: 0,
  reporter: [['list']],
});
