export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);
export const E2E_MAIL_PORT = E2E_PORT + 1;
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const DEMO_PASSWORD = 'PosadaDemo2026!';
