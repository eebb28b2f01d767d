// The invoicing provider interface: who turns a nota into an authorised NF-e. The embedded `sandbox` builds it
// locally (sandbox.ts); `focusnfe` speaks Focus NFe v2 (focusnfe.server.ts). INVOICE_PROVIDER picks one.
import type { FiscalSettings, Nota } from './nota.ts';
import type { JobQueue } from '#src/platform/job-queue.ts';

/** Where a nota stands at the provider. */
export type ProviderState =
  | { status: 'processing' }
  | { status: 'authorized'; accessKey: string; number: number; series: number; xmlPath: string | null; danfePath: string | null }
  | { status: 'refused'; message: string }
  | { status: 'cancelled' };

export type CancelOutcome = { ok: true } | { ok: false; message: string };

export interface InvoiceProvider {
  name: 'sandbox' | 'focusnfe';
  /** The sandbox numbers its notas from the database sequence; Focus NFe numbers them itself. */
  numbersLocally: boolean;
  /** Sends a nota (the same ref again after a refusal, with the data fixed). `number`: the local number, when numbersLocally. */
  send(nota: Nota, number: number | null): Promise<ProviderState>;
  /** Asks how a nota sent earlier stands. */
  check(ref: string): Promise<ProviderState>;
  cancel(ref: string, justificativa: string): Promise<CancelOutcome>;
  /** The full address of a file path the provider answered (caminho_xml_nota_fiscal, caminho_danfe). */
  fileUrl(path: string): string;
}

/** What issuing needs: the provider and the store's fiscal settings (built from configuration at boot). */
export interface InvoicingDeps {
  provider: InvoiceProvider;
  settings: FiscalSettings;
  /** The job queue (Services.jobs, a job's context) for the "Faturado" e-mail; none: the e-mail sweep sends it. */
  jobs?: JobQueue | null;
}

/** A cancellation's reason: 15 to 255 characters, as SEFAZ requires. */
export function checkJustificativa(text: string): string | null {
  const t = text.trim();
  if (t.length < 15) return 'A justificativa deve ter ao menos 15 caracteres.';
  if (t.length > 255) return 'A justificativa deve ter no máximo 255 caracteres.';
  return null;
}
