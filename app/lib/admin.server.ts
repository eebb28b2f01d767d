// Who may use the back office: admins everywhere; approved sellers only on the pages that say so
// (/Admin/Produtos, limited to their own products). Customers get the 403 page; guests go to sign in.
import { redirect } from 'react-router';
import type { Authentication } from '#src/domain/accounts/auth.server.ts';
import { canSellProducts, isAdmin } from '#src/domain/accounts/roles.ts';
import { loginPath } from './redirects.ts';
import { getSessionUser, requireRole } from './session.server.ts';
import type { SessionUser } from './session.server.ts';

export const ADMIN_ONLY = 'Esta página é só para administradores.';

export function requireAdmin(request: Request, url: URL, auth: Authentication): Promise<SessionUser> {
  return requireRole(request, url, auth, isAdmin, ADMIN_ONLY);
}

/** An admin, or a seller (whose view is limited to their own products: `sellerId`). */
export async function requireCatalogEditor(request: Request, url: URL, auth: Authentication): Promise<SessionUser & { sellerId: string | null }> {
  const user = await requireRole(request, url, auth, canSellProducts);
  return { ...user, sellerId: user.role === 'admin' ? null : user.id };
}

/** Form fields as strings (files and repeated names aside), for zod. */
export async function formFields(request: Request): Promise<{ fields: Record<string, string>; form: FormData }> {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === 'string' && !(k in fields)) fields[k] = v;
  return { fields, form };
}

/**
 * For downloads (resource routes, which have no error page of their own): guests go to sign in, others
 * than admins get a small pt-BR 403 page.
 */
export async function requireAdminDownload(request: Request, url: URL, auth: Authentication): Promise<SessionUser> {
  const user = await getSessionUser(request, auth);
  if (!user) throw redirect(loginPath(url.pathname + url.search));
  if (!isAdmin(user.role)) {
    throw new Response(
      `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Acesso negado | Olimpo Peças</title></head><body><main><h1>Acesso negado</h1><p role="alert">${ADMIN_ONLY}</p><p><a href="/">Voltar para a loja</a></p></main></body></html>`,
      {
        status: 403,
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
      },
    );
  }
  return user;
}
