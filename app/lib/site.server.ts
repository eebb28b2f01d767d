import { env } from '#src/config/env.ts';

export function publicUrl(): string {
  return env().PUBLIC_URL.replace(/\/+$/, '');
}
