// node-postgres's documented ways to prepare a statement once per connection, used for the store's raw
// statements: a `pg.Pool` takes the client class it opens (`Client`), and a query config with a `name` is
// parsed and planned on its connection's first use and only bound and executed after that. drizzle sends its
// raw statements without a name (`db.execute`), so the store's client names those whose text `nameOf`
// knows (src/db/prepared.server.ts: the order path, the job queue's inserts); every other text goes as sent.
import pg from 'pg';

type QueryConfigLike = { text?: unknown; name?: unknown; submit?: unknown };

/** A `pg.Client` class that names the statements `nameOf` knows; for `new pg.Pool({ Client })`. */
export function namingClient(nameOf: (text: string) => string | undefined): typeof pg.Client {
  class NamingClient extends pg.Client {
    // pg's `query` has many overloads; only a plain config object (drizzle's form) is renamed.
    override query(...args: unknown[]): never {
      const config = args[0] as QueryConfigLike | null;
      if (config !== null && typeof config === 'object' && typeof config.text === 'string' && config.name === undefined && typeof config.submit !== 'function') {
        const name = nameOf(config.text);
        if (name !== undefined) args[0] = { ...config, name };
      }
      return (super.query as (...a: unknown[]) => never)(...args);
    }
  }
  return NamingClient;
}
