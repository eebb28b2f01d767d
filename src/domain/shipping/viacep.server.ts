// Address lookup by CEP through ViaCEP ({VIACEP_URL}/ws/{cep}/json/), with a 3 s timeout and a small
// in-process cache. "erro" may come as the string "true" or the boolean.
export interface CepAddress {
  street: string;
  neighborhood: string;
  city: string;
  state: string;
}

export type CepLookup = { status: 'found'; address: CepAddress } | { status: 'not_found' } | { status: 'unavailable' };

export interface CepClient {
  lookup(cep: string): Promise<CepLookup>;
}

export function createViaCepClient(opts: { baseUrl: string; timeoutMs?: number; cacheSize?: number; ttlMs?: number }): CepClient {
  const cache = new Map<string, { at: number; value: CepLookup }>();
  const max = opts.cacheSize ?? 5000;
  const ttl = opts.ttlMs ?? 24 * 3_600_000;
  const base = opts.baseUrl.replace(/\/+$/, '');
  return {
    async lookup(cep) {
      if (!/^\d{8}$/.test(cep)) return { status: 'not_found' };
      const hit = cache.get(cep);
      if (hit && Date.now() - hit.at < ttl) return hit.value;
      let value: CepLookup;
      try {
        const res = await fetch(`${base}/ws/${cep}/json/`, { signal: AbortSignal.timeout(opts.timeoutMs ?? 3000), headers: { accept: 'application/json' } });
        if (res.status === 400 || res.status === 404) value = { status: 'not_found' };
        else if (!res.ok) return { status: 'unavailable' };
        else {
          const body = (await res.json()) as Record<string, unknown>;
          if (body.erro === true || body.erro === 'true') value = { status: 'not_found' };
          else
            value = {
              status: 'found',
              address: {
                street: String(body.logradouro ?? ''),
                neighborhood: String(body.bairro ?? ''),
                city: String(body.localidade ?? ''),
                state: String(body.uf ?? ''),
              },
            };
        }
      } catch {
        return { status: 'unavailable' };
      }
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
      cache.set(cep, { at: Date.now(), value });
      return value;
    },
  };
}
