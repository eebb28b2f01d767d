// zod 4 compiles a fast parser for each object schema with `new Function`, and first probes whether eval is
// allowed, when the schema is built. The pages' script policy has no 'unsafe-eval', so in the browser the
// probe is refused and Chromium logs a CSP issue (parsing still works, on zod's slower path): the checkout's
// step validation and the success page carry the order schema, and Lighthouse's best practices lost its 100
// wherever a schema rode into a page. `jitless` skips both the probe and the compiled path.
//
// It must be set before the first schema is built, which an entry module cannot promise (the bundler may
// evaluate a shared chunk first). So in the client build every `import … from 'zod'` resolves to this
// virtual module, which sets it and re-exports zod: each module that builds a schema imports it, so it runs
// first. The server keeps zod's compiled parsers (Node has no script policy).
import type { Plugin } from 'vite';

const ID = '\0zod-without-eval';

const SOURCE = `import { config } from 'zod/v4/core';
config({ jitless: true });
export * from 'zod/v4';
export { default } from 'zod/v4';
`;

export const zodWithoutEval: Plugin = {
  name: 'zod-without-eval',
  enforce: 'pre',
  applyToEnvironment: (environment) => environment.name === 'client',
  resolveId: (source) => (source === 'zod' ? ID : null),
  load: (id) => (id === ID ? SOURCE : null),
};
