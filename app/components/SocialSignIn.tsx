// "Entrar com Google" / "Entrar com Facebook": a plain form post (works without JavaScript) to the page's
// own action, which sends the browser to the provider. A provider that is not configured says so.
import { PROVIDER_LABEL, SOCIAL_PROVIDERS, socialMessages } from '#src/domain/accounts/messages.ts';
import type { SocialProvider } from '#src/domain/accounts/messages.ts';

function ProviderMark({ provider }: { provider: SocialProvider }) {
  return provider === 'google' ? (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24">
      <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h5.9a5 5 0 0 1-2.2 3.3v2.8h3.6c2-1.9 3.2-4.7 3.2-8.1Z" />
      <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.8c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.9A11 11 0 0 0 12 23Z" />
      <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7H2.1a11 11 0 0 0 0 10l3.7-2.9Z" />
      <path fill="#EA4335" d="M12 5.4c1.6 0 3 .6 4.2 1.6l3.1-3.1A11 11 0 0 0 2.1 7l3.7 2.9C6.7 7.3 9.1 5.4 12 5.4Z" />
    </svg>
  ) : (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24">
      <path fill="#1877F2" d="M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v2.9h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12Z" />
    </svg>
  );
}

export function SocialSignIn({ enabled, redirectTo, error }: { enabled: Record<SocialProvider, boolean>; redirectTo: string; error?: string | null }) {
  return (
    <form method="post" className="space-y-3" aria-label="Entrar com uma rede social">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {error && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      {SOCIAL_PROVIDERS.map((provider) => (
        <div key={provider}>
          <button
            type="submit"
            name="intent"
            value={provider}
            disabled={!enabled[provider]}
            aria-describedby={enabled[provider] ? undefined : `social-${provider}-indisponivel`}
            className="flex w-full items-center justify-center gap-3 rounded-lg border border-neutral-300 bg-white px-4 py-2.5 font-semibold hover:bg-neutral-50 disabled:cursor-not-allowed disabled:bg-neutral-100 disabled:text-neutral-600"
          >
            <ProviderMark provider={provider} />
            Entrar com {PROVIDER_LABEL[provider]}
          </button>
          {!enabled[provider] && (
            <p id={`social-${provider}-indisponivel`} className="mt-1 text-center text-xs text-ink-soft">
              {socialMessages(provider).unavailable}
            </p>
          )}
        </div>
      ))}
    </form>
  );
}

export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-xs text-ink-soft uppercase" aria-hidden="true">
      <span className="h-px flex-1 bg-neutral-200" />
      ou
      <span className="h-px flex-1 bg-neutral-200" />
    </div>
  );
}
