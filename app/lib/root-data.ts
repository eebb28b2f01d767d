// What the root loader hands every page (app/root.tsx): the public URL, the signed-in user and the flash.
import { useRouteLoaderData } from 'react-router';
import type { Role } from '#src/domain/accounts/roles.ts';

export interface RootUser {
  id: string;
  name: string;
  firstName: string;
  role: Role;
}

export interface RootData {
  publicUrl: string;
  user: RootUser | null;
  flash: { id: string; key: string; message: string } | null;
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}
