// The embedded invoicing provider (INVOICE_PROVIDER=sandbox, the default): no account, no SEFAZ. It builds
// the access key locally (number from the database sequence, cNF from the ref) and authorises at once, in
// homologação: the DANFE and the XML say "SEM VALOR FISCAL". Like SEFAZ, it refuses an NCM that does not exist
// (00000000), so the refusal and retry path can be tried without an account.
import { createHash } from 'node:crypto';
import { buildAccessKey } from './access-key.ts';
import type { Nota } from './nota.ts';
import type { InvoiceProvider, ProviderState } from './provider.ts';

/** The random code (cNF) of a nota: 8 digits from its ref, so a retry gives the same key. */
export function codeFromRef(ref: string): number {
  return createHash('sha256').update(ref).digest().readUInt32BE(0) % 100_000_000;
}

/** The nota's month and year of issue in Brasília. */
function brasiliaYearMonth(d: Date): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: 'numeric' }).formatToParts(d);
  return { year: Number(parts.find((p) => p.type === 'year')!.value), month: Number(parts.find((p) => p.type === 'month')!.value) };
}

export function createSandboxInvoiceProvider(): InvoiceProvider {
  return {
    name: 'sandbox',
    numbersLocally: true,
    async send(nota: Nota, number: number | null): Promise<ProviderState> {
      if (number === null) throw new Error('O sandbox precisa do número da nota.');
      const unknown = nota.items.find((i) => i.ncm === '00000000');
      if (unknown) return { status: 'refused', message: `Rejeição 778: Informado NCM inexistente [nItem: ${unknown.numero}]` };
      const accessKey = buildAccessKey({
        uf: nota.emitente.address.state,
        issuedAt: brasiliaYearMonth(nota.issuedAt),
        cnpj: nota.emitente.cnpj,
        series: nota.emitente.series,
        number,
        code: codeFromRef(nota.ref),
      });
      return { status: 'authorized', accessKey, number, series: nota.emitente.series, xmlPath: null, danfePath: null };
    },
    async check(): Promise<ProviderState> {
      // Every sandbox nota is answered when sent; nothing is left processing.
      return { status: 'processing' };
    },
    async cancel() {
      return { ok: true };
    },
    fileUrl: (path) => path,
  };
}
