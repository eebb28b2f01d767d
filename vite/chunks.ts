// How the client build is cut into files (Rolldown's `output.codeSplitting`).
//
// Left to itself, Rolldown made one shared chunk per distinct set of importers: the home page loaded 19
// scripts, a dozen of them under 1.5 KB (money, seo, roles, store, request-context, jsx-runtime...). On a
// mobile link each request costs its response headers too (about 0.8 KB here, more than many of those
// files), compresses alone (Brotli shares nothing across files) and adds a round trip to the import
// waterfall. The first-load JavaScript budget (110 KB since issue 16, on /, /ProductList, /ProductView, /Cart) counts it all.
//
// So one "shell" chunk (about 100 KB with Brotli, React DOM alone being 57) holds everything every page runs anyway — React, React DOM, React Router, the
// client entry and all that the root route (header, footer, vehicle bar, cart badge, chat button) imports
// statically — plus what the storefront pages share among themselves (product card, price, money, SEO
// tags). Everything else keeps Rolldown's automatic splitting: a route's own code stays in its route file,
// the checkout's validators (zod, card-validator) in the checkout's, and the chat box loads on first use.
import fs from 'node:fs';
import path from 'node:path';
import type { Rolldown } from 'vite';

type ChunkingContext = { getModuleInfo(id: string): Rolldown.ModuleInfo | null };

/** The chunk's name (its file is `assets/shell-<hash>.js`). */
export const SHELL_CHUNK = 'shell';

/** A module's file: its id without the query a plugin may add (React Router marks its route entries so). */
const fileOf = (id: string) => id.split('?')[0]!;

/** Below this many bytes of source (comments included), a module reached by a storefront page ships with the shell. */
const TINY_MODULE_BYTES = 3000;

/** The pages with a first-load budget: what two of them share ships with the shell. */
const STOREFRONT_ROUTES = ['routes/home.tsx', 'routes/product-list.tsx', 'routes/product-view.tsx', 'routes/cart.tsx'];

/** A module's source file size (Infinity for virtual modules and anything unreadable). */
function sourceBytes(id: string): number {
  try {
    return fs.statSync(id).size;
  } catch {
    return Infinity;
  }
}

/** Every module `from` reaches through static imports (dynamic `import()` starts a chunk of its own). */
function staticGraph(ctx: ChunkingContext, from: string): Set<string> {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    stack.push(...info.importedIds);
  }
  return seen;
}

export function shellChunk(appDirectory: string): Rolldown.CodeSplittingGroup {
  const candidates: string[] = [];
  let shell: Set<string> | null = null;
  const compute = (ctx: ChunkingContext) => {
    const out = new Set<string>();
    // Entries, as Rolldown reports them (ModuleInfo.isEntry): the client entry, the root route and every route
    // module. The shell starts from all of them except the route files under app/routes/.
    const entries = candidates.filter((id) => ctx.getModuleInfo(id)?.isEntry);
    const routesDir = path.join(appDirectory, 'routes') + path.sep;
    for (const from of entries.filter((id) => !fileOf(id).startsWith(routesDir))) {
      for (const id of staticGraph(ctx, from)) out.add(id);
    }
    const reach = new Map<string, number>();
    for (const route of STOREFRONT_ROUTES) {
      const file = path.join(appDirectory, route);
      const graph = new Set(entries.filter((id) => fileOf(id) === file).flatMap((id) => [...staticGraph(ctx, id)]));
      for (const id of graph) reach.set(id, (reach.get(id) ?? 0) + 1);
    }
    // What two storefront pages share, and the tiny modules one of them shares with other routes (a file
    // of its own would cost more in response headers than its bytes: codes.ts was 200 bytes).
    for (const [id, count] of reach) if (count >= 2 || sourceBytes(id) < TINY_MODULE_BYTES) out.add(id);
    return out;
  };
  return {
    // Rolldown makes every `test` call of a group before its first `name` call.
    test: (id) => {
      if (shell) {
        // A new build (watch mode): start over.
        shell = null;
        candidates.length = 0;
      }
      candidates.push(id);
      return true;
    },
    name: (id, ctx) => {
      shell ??= compute(ctx);
      // Entry modules stay where React Router's manifest points (their files become thin re-exports).
      if (ctx.getModuleInfo(id)?.isEntry) return null;
      return shell.has(id) ? SHELL_CHUNK : null;
    },
  };
}
