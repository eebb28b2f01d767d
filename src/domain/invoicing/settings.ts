// The store's fiscal settings for its notas: src/config/store.ts's identity, with what the NFE_* variables
// override (server/boot.ts passes them in).
import { store } from '#src/config/store.ts';
import type { FiscalSettings } from './nota.ts';

export type FiscalOverrides = Partial<Pick<FiscalSettings, 'cnpj' | 'inscricaoEstadual' | 'regime' | 'cfopInState' | 'cfopOutOfState' | 'series' | 'environment'>>;

export function fiscalSettings(overrides: FiscalOverrides = {}): FiscalSettings {
  const f = store.fiscal;
  return {
    legalName: store.legalName,
    tradeName: store.name,
    cnpj: overrides.cnpj ?? store.cnpj,
    inscricaoEstadual: overrides.inscricaoEstadual ?? f.inscricaoEstadual,
    regime: overrides.regime ?? (f.regime as FiscalSettings['regime']),
    cfopInState: overrides.cfopInState ?? f.cfopInState,
    cfopOutOfState: overrides.cfopOutOfState ?? f.cfopOutOfState,
    series: overrides.series ?? f.series,
    address: { street: f.street, number: f.number, neighborhood: f.neighborhood, city: store.address.city, state: store.address.state, cep: store.address.cep, phone: store.phone },
    environment: overrides.environment ?? 'homologacao',
  };
}
