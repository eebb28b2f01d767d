import os from 'node:os';
import path from 'node:path';

// Values shared by the e2e server (start-server.ts) and the specs: the port, the admin created before the
// server starts, and the fake Google/Facebook apps the server is configured with.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** A second front end on another origin (headless-front-end.spec.ts); the app lists it in CORS_ORIGINS. */
export const E2E_FRONT_PORT = Number(process.env.E2E_FRONT_PORT ?? E2E_PORT + 1000);
export const E2E_FRONT_ORIGIN = `http://localhost:${E2E_FRONT_PORT}`;
export const E2E_ADMIN = { email: 'admin@olimpo-e2e.test', password: 'Admin-e2e-2026!', name: 'Admin' };
export const FAKE_GOOGLE = { clientId: 'e2e-google-client', clientSecret: 'e2e-google-secret' };
export const FAKE_FACEBOOK = { clientId: '9988776655', clientSecret: 'e2e-facebook-secret' };

/** Where start-server.ts tells the specs about the running server (its DATA_DIR, for the mail folder). */
export const serverInfoFile = (port: string | number) => path.join(os.tmpdir(), `olimpo-e2e-server-${port}.json`);
