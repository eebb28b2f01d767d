// Whether the production build is older than the code it was built from. `npm start` runs the server's bundle
// (build/server/bundle/), so an edit under src/, server/ or app/ reaches it only through a new build: before
// the bundle, the server ran its TypeScript directly and an edit took effect on the next start. `npm start`
// (scripts/ensure-build.ts) rebuilds when this finds a newer source file, so it never serves old code.
import fs from 'node:fs';
import path from 'node:path';

/** What the build is made from: the source folders, the static files and the files that say how it is built. */
export const BUILD_INPUTS = ['app', 'src', 'server', 'public', 'vite', 'vite.config.ts', 'react-router.config.ts', 'scripts/build-server.ts', 'package-lock.json'];
/** The file `npm run build` writes last. */
export const BUILD_OUTPUT = 'build/server/bundle/index.js';

const IGNORED = /(^|\/)node_modules(\/|$)|\.test\.tsx?$/;

/** The first input (relative to root) changed after the build was written, or null when the build is current. */
export function newerThanBuild(root: string): string | null {
  let built: number;
  try {
    built = fs.statSync(path.join(root, BUILD_OUTPUT)).mtimeMs;
  } catch {
    return BUILD_OUTPUT;
  }
  const visit = (relative: string): string | null => {
    if (IGNORED.test(relative)) return null;
    let stat: fs.Stats;
    try {
      stat = fs.statSync(path.join(root, relative));
    } catch {
      return null;
    }
    if (!stat.isDirectory()) return stat.mtimeMs > built ? relative : null;
    for (const entry of fs.readdirSync(path.join(root, relative))) {
      const found = visit(`${relative}/${entry}`);
      if (found) return found;
    }
    return null;
  };
  for (const input of BUILD_INPUTS) {
    const found = visit(input);
    if (found) return found;
  }
  return null;
}
