// What the server hands to React Router with each request (server/app.ts): the process's services and
// whether the database is down. The keys live in the app's module graph; the server builds the context
// through `loadContext`, which app/entry.server.tsx re-exports, so it reaches the same keys even where the
// app is loaded apart from the server (Vite's dev server, `ssrLoadModule`). The provider itself must be the
// server's own (React Router's request handler checks its class): the server passes one in.
import { createContext, RouterContextProvider } from 'react-router';
import type { Db } from '#src/db/types.ts';
import type { Services } from '#src/platform/services.ts';

export const servicesContext = createContext<Services>();

/** Set by the server when the database does not answer: the root route then renders the 503 page. */
export const databaseDownContext = createContext<boolean>(false);

export type LoadContext = Readonly<RouterContextProvider>;

export function loadContext(services: Services, databaseDown: boolean, context = new RouterContextProvider()): RouterContextProvider {
  context.set(servicesContext, services);
  context.set(databaseDownContext, databaseDown);
  return context;
}

export const servicesOf = (context: LoadContext): Services => context.get(servicesContext);

/** The checkout services (payments, CEP lookup, shipping, order limits) of a loader's or action's request. */
export const checkoutOf = (context: LoadContext): Services['checkout'] => context.get(servicesContext).checkout;

/** The job runner of a loader's or action's process (null where none runs): the jobs an action enqueues. */
export const jobsOf = (context: LoadContext): Services['jobs'] => context.get(servicesContext).jobs;

/** Sign-in of a loader's or action's request: Better Auth, the session lookup's first argument (sessionUserOf). */
export const authOf = (context: LoadContext): Services['auth'] => context.get(servicesContext).auth;

/** The catalog change event of a loader's or action's process: catalog writes announce through it (the page cache and the memo listen). */
export const catalogChangesOf = (context: LoadContext): Services['catalogChanges'] => context.get(servicesContext).catalogChanges;

/** The database of a loader's or action's request. */
export const dbOf = (context: LoadContext): Db => context.get(servicesContext).database.db;
