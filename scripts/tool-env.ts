// The configuration of an operator's command-line tool: env.ts's variables without the serving process's own
// checks (no tool signs sessions or takes payments), and a bad value ends the tool in one line per problem,
// without a stack trace.
import { parseEnv } from '#src/config/env.ts';
import type { Env } from '#src/config/env.ts';

export function toolEnv(): Env {
  try {
    return parseEnv(process.env, { serving: false });
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}
