// Where the e2e server runs and keeps its data (shared by start-server.ts and the tests).
import os from 'node:os';
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const e2eRoot = () => path.join(os.tmpdir(), `olimpo-e2e-${E2E_PORT}`);
export const e2eMailDir = () => path.join(e2eRoot(), 'data', 'mail');
