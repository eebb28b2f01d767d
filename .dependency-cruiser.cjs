// Dependency rules for src/, app/ and server/, checked by scripts/no-cycles.test.ts (npm run test:unit).
// TypeScript 7 has no compiler API that dependency-cruiser can use yet, so sources are parsed with swc.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A module must not import itself through others: split the shared piece into its own module.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-no-http-or-react',
      comment: 'The domain core (src/domain) has no HTTP and no React: those live in server/ and app/.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: '^(node_modules/(react|react-dom|react-router|@react-router/[^/]+|hono|@hono/[^/]+)/|server/|app/)' },
    },
    {
      name: 'routes-no-db',
      comment: 'Routes call the domain; they do not reach into src/db (their database comes from the context: app/lib/context.server.ts).',
      severity: 'error',
      from: { path: '^app/routes/' },
      to: { path: '^src/db/' },
    },
  ],
  options: {
    parser: 'swc',
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.tsx?$', '^app/\\.react-router/'] },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
