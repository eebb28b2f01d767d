// npm run admin:create -- <email>: makes that account an admin. Without an account for the e-mail, one is
// created with a random password, printed once (ADMIN_PASSWORD sets it instead, for automated set-ups).
// With PGlite, stop the app first: one process per data folder.
import { toolEnv } from './tool-env.ts';
import { emailField, MIN_PASSWORD } from '#src/domain/accounts/validation.ts';
import { makeAdmin } from '#src/domain/accounts/users.server.ts';
import crypto from 'node:crypto';
import { createAuthentication } from '#src/domain/accounts/auth.server.ts';
import { authSettingsFromEnv, bootDatabase, mailerFromEnv } from '../server/boot.ts';
import { createLogger } from '../server/logger.ts';

const email = emailField.safeParse(process.argv[2] ?? '');
if (!email.success) {
  console.error('uso: npm run admin:create -- <email>   (informe um e-mail válido)');
  process.exit(2);
}
const password = process.env.ADMIN_PASSWORD;
if (password !== undefined && password.length < MIN_PASSWORD) {
  console.error(`ADMIN_PASSWORD deve ter pelo menos ${MIN_PASSWORD} caracteres.`);
  process.exit(2);
}

const config = toolEnv();
const logger = createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);
// The password is kept as a scrypt hash, which takes no secret. Better Auth still wants one for the session
// cookie its sign-up makes; this tool throws that cookie away, so a random secret does (none is asked for).
const settings = authSettingsFromEnv({ ...config, BETTER_AUTH_SECRET: config.BETTER_AUTH_SECRET ?? crypto.randomBytes(32).toString('base64url') }, mailerFromEnv(config), logger);
const database = await bootDatabase(config, logger, { seed: false });
try {
  const result = await makeAdmin(database.db, createAuthentication(database.db, settings), email.data, { password });
  if (result.created) {
    console.log(`Conta de administrador criada: ${result.email}`);
    if (!password) console.log(`Senha provisória (guarde agora; troque em "Esqueci minha senha"): ${result.password}`);
  } else {
    console.log(`${result.email} agora é administrador.`);
  }
} finally {
  await database.close();
}
