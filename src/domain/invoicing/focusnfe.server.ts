// The Focus NFe v2 provider (INVOICE_PROVIDER=focusnfe). FOCUSNFE_TOKEN is the HTTP basic user (no
// password); FOCUSNFE_API_URL is https://api.focusnfe.com.br (production) or https://homologacao.focusnfe.com.br.
// - POST /v2/nfe?ref=<ref> with the nota's JSON: answered 202 { status: "processando_autorizacao" };
// - GET /v2/nfe/<ref>: status processando_autorizacao, autorizado (chave_nfe "NFe…", numero, serie,
//   caminho_xml_nota_fiscal, caminho_danfe), erro_autorizacao or denegado (mensagem_sefaz), cancelado;
// - DELETE /v2/nfe/<ref> with { justificativa } (15–255 characters): status cancelado, or erro_cancelamento.
// A 4xx answer carries { codigo, mensagem }: the request was refused (fix the data, send again); a 5xx or a
// lost connection throws, and the job retries.
import { z } from 'zod';
import type { Nota } from './nota.ts';
import type { InvoiceProvider, ProviderState } from './provider.ts';

export interface FocusNfeConfig {
  baseUrl: string;
  token: string;
}

const reais = (cents: number) => (cents / 100).toFixed(2);
const digits = (v: string) => v.replace(/\D/g, '');

/** Brasília's offset is −03:00 all year (no daylight saving since 2019). */
function brasiliaIso(d: Date): string {
  const local = new Date(d.getTime() - 3 * 3600_000);
  return `${local.toISOString().slice(0, 19)}-03:00`;
}

const PAYMENT_CODES = { credit: '03', boleto: '15', pix: '17' } as const;

/** The nota as Focus NFe's JSON. */
export function focusNfePayload(nota: Nota): Record<string, unknown> {
  const e = nota.emitente;
  const d = nota.destinatario;
  const simples = e.regime === 'simples';
  return {
    natureza_operacao: nota.naturezaOperacao,
    data_emissao: brasiliaIso(nota.issuedAt),
    // A sale leaves the store (1, saída); the buyer's goods coming back enter it (0, entrada).
    tipo_documento: nota.finalidade === 1 ? 1 : 0,
    finalidade_emissao: nota.finalidade,
    local_destino: d.address.state.toUpperCase() === e.address.state.toUpperCase() ? 1 : 2,
    consumidor_final: 1,
    presenca_comprador: 2,
    cnpj_emitente: digits(e.cnpj),
    inscricao_estadual_emitente: digits(e.inscricaoEstadual),
    nome_emitente: e.legalName,
    nome_fantasia_emitente: e.tradeName,
    logradouro_emitente: e.address.street,
    numero_emitente: e.address.number,
    bairro_emitente: e.address.neighborhood,
    municipio_emitente: e.address.city,
    uf_emitente: e.address.state,
    cep_emitente: digits(e.address.cep),
    regime_tributario_emitente: simples ? 1 : 3,
    nome_destinatario: d.name,
    ...(d.cpf ? { cpf_destinatario: digits(d.cpf) } : {}),
    email_destinatario: d.email,
    ...(d.phone ? { telefone_destinatario: digits(d.phone) } : {}),
    indicador_inscricao_estadual_destinatario: 9,
    logradouro_destinatario: d.address.street,
    numero_destinatario: d.address.number,
    ...(d.address.complement ? { complemento_destinatario: d.address.complement } : {}),
    bairro_destinatario: d.address.neighborhood,
    municipio_destinatario: d.address.city,
    uf_destinatario: d.address.state,
    cep_destinatario: digits(d.address.cep),
    pais_destinatario: 'Brasil',
    valor_produtos: reais(nota.productsCents),
    valor_frete: reais(nota.freightCents),
    valor_desconto: reais(nota.discountCents),
    valor_total: reais(nota.totalCents),
    // 0: freight hired by the sender (the store ships).
    modalidade_frete: 0,
    items: nota.items.map((i) => ({
      numero_item: i.numero,
      codigo_produto: i.code,
      descricao: i.description,
      cfop: i.cfop,
      unidade_comercial: i.unit,
      quantidade_comercial: i.quantity,
      valor_unitario_comercial: reais(i.unitPriceCents),
      valor_bruto: reais(i.totalCents),
      unidade_tributavel: i.unit,
      quantidade_tributavel: i.quantity,
      valor_unitario_tributavel: reais(i.unitPriceCents),
      codigo_ncm: i.ncm,
      ...(i.cest ? { cest: i.cest } : {}),
      inclui_no_total: 1,
      icms_origem: i.origem,
      icms_situacao_tributaria: simples ? '102' : '00',
      ...(simples ? {} : { icms_modalidade_base_calculo: 3, icms_base_calculo: reais(i.totalCents), icms_aliquota: '18.00', icms_valor: reais(Math.round(i.totalCents * 0.18)) }),
      pis_situacao_tributaria: simples ? '49' : '01',
      cofins_situacao_tributaria: simples ? '49' : '01',
    })),
    formas_pagamento:
      nota.finalidade === 1 ? [{ forma_pagamento: PAYMENT_CODES[nota.payment.method], valor_pagamento: reais(nota.payment.amountCents) }] : [{ forma_pagamento: '90', valor_pagamento: '0.00' }],
    ...(nota.referencedKey ? { notas_referenciadas: [{ chave_nfe: nota.referencedKey }] } : {}),
  };
}

const statusAnswer = z
  .object({
    status: z.string(),
    mensagem_sefaz: z.string().nullish(),
    chave_nfe: z.string().nullish(),
    numero: z.union([z.string(), z.number()]).nullish(),
    serie: z.union([z.string(), z.number()]).nullish(),
    caminho_xml_nota_fiscal: z.string().nullish(),
    caminho_danfe: z.string().nullish(),
    mensagem: z.string().nullish(),
  })
  .passthrough();

const errorAnswer = z.object({ codigo: z.string().nullish(), mensagem: z.string().nullish() }).passthrough();

export class FocusNfeError extends Error {}

function toState(a: z.infer<typeof statusAnswer>): ProviderState {
  switch (a.status) {
    case 'processando_autorizacao':
      return { status: 'processing' };
    case 'autorizado':
      return {
        status: 'authorized',
        accessKey: (a.chave_nfe ?? '').replace(/^NFe/, ''),
        number: Number(a.numero),
        series: Number(a.serie),
        xmlPath: a.caminho_xml_nota_fiscal ?? null,
        danfePath: a.caminho_danfe ?? null,
      };
    case 'cancelado':
      return { status: 'cancelled' };
    case 'erro_autorizacao':
    case 'denegado':
      return { status: 'refused', message: a.mensagem_sefaz ?? a.mensagem ?? 'Nota recusada pela SEFAZ.' };
    default:
      throw new FocusNfeError(`situação desconhecida da Focus NFe: ${a.status}`);
  }
}

export function createFocusNfeProvider(config: FocusNfeConfig): InvoiceProvider {
  const base = config.baseUrl.replace(/\/+$/, '');
  const headers = { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Basic ${Buffer.from(`${config.token}:`).toString('base64')}` };
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(20_000) });
    if (res.status >= 500) throw new FocusNfeError(`Focus NFe respondeu ${res.status}`);
    const json: unknown = await res.json().catch(() => null);
    return { status: res.status, json };
  };
  const refusal = (json: unknown, status: number) => {
    const e = errorAnswer.safeParse(json);
    return e.success && e.data.mensagem ? e.data.mensagem : `Focus NFe recusou o pedido (${status}).`;
  };
  const check = async (ref: string): Promise<ProviderState> => {
    const { status, json } = await call('GET', `/v2/nfe/${encodeURIComponent(ref)}`);
    if (status === 404) throw new FocusNfeError('nota não encontrada na Focus NFe');
    if (status >= 400) throw new FocusNfeError(refusal(json, status));
    const parsed = statusAnswer.safeParse(json);
    if (!parsed.success) throw new FocusNfeError('resposta da Focus NFe em formato inesperado');
    return toState(parsed.data);
  };
  return {
    name: 'focusnfe',
    numbersLocally: false,
    async send(nota) {
      const { status, json } = await call('POST', `/v2/nfe?ref=${encodeURIComponent(nota.ref)}`, focusNfePayload(nota));
      if (status >= 400) {
        const e = errorAnswer.safeParse(json);
        // Already authorised under this ref (a retry after a lost answer): read how it stands.
        if (e.success && (e.data.codigo === 'already_processed' || e.data.codigo === 'nfe_autorizada')) return check(nota.ref);
        return { status: 'refused', message: refusal(json, status) };
      }
      const parsed = statusAnswer.safeParse(json);
      return parsed.success ? toState(parsed.data) : { status: 'processing' };
    },
    check,
    async cancel(ref, justificativa) {
      const { status, json } = await call('DELETE', `/v2/nfe/${encodeURIComponent(ref)}`, { justificativa });
      if (status >= 400) return { ok: false, message: refusal(json, status) };
      const parsed = statusAnswer.safeParse(json);
      if (parsed.success && parsed.data.status === 'cancelado') return { ok: true };
      return { ok: false, message: (parsed.success && (parsed.data.mensagem_sefaz ?? parsed.data.mensagem)) || 'A Focus NFe não cancelou a nota.' };
    },
    fileUrl: (path) => (/^https?:\/\//.test(path) ? path : `${base}${path.startsWith('/') ? '' : '/'}${path}`),
  };
}
