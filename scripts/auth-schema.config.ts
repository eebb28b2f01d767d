// Only for regenerating Better Auth's tables after a Better Auth upgrade or an auth option that changes
// them (the app builds its instance in src/domain/accounts/auth.server.ts):
//   npx auth@1.7.7 generate --config scripts/auth-schema.config.ts --output scratch/auth-schema.ts --yes
// then carry the differences into src/domain/accounts/schema.ts and run `npm run db:generate`.
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';

export const auth = betterAuth({
  baseURL: 'http://localhost:3000',
  database: drizzleAdapter({} as never, { provider: 'pg', usePlural: true }),
  emailAndPassword: { enabled: true },
  user: { additionalFields: { role: { type: 'string', required: false, defaultValue: 'customer', input: false } } },
  plugins: [genericOAuth({ config: [] })],
});
