// /Login/social: where Better Auth sends the browser after a Google or Facebook sign-in. With a session,
// it shows "Login com Google realizado!" (flash) on the page that asked for sign-in; otherwise, back to /Login.
import { redirect } from 'react-router';
import type { Route } from './+types/login-social';
import { isSocialProvider } from '#app/lib/auth-actions.server.ts';
import { redirectWithFlash } from '#app/lib/flash.server.ts';
import { safeRedirect } from '#app/lib/redirects.ts';
import { getSessionUser } from '#app/lib/session.server.ts';
import { authOf } from '#app/lib/context.server.ts';

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const provider = url.searchParams.get('provedor');
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'));
  const user = await getSessionUser(request, authOf(context));
  if (!user || !isSocialProvider(provider)) {
    throw redirect(`/Login?${new URLSearchParams({ ...(isSocialProvider(provider) ? { provedor: provider } : {}), error: 'sessao' })}`);
  }
  return redirectWithFlash(redirectTo, provider === 'google' ? 'login-google' : 'login-facebook');
}
