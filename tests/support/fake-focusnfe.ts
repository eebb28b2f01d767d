// A local stand-in for Focus NFe's API v2, for tests: the real provider talks to it over HTTP with the real
// paths, authentication (the token as the HTTP basic user) and answer shapes.
// - POST /v2/nfe?ref=<ref>: 202 { status: "processando_autorizacao" }; the nota is then authorised or
//   refused on the next GET (after `processingReads` reads), like SEFAZ's asynchronous answer;
// - GET /v2/nfe/<ref>: processando_autorizacao, autorizado (chave_nfe "NFe…", numero, serie, caminho_*),
//   erro_autorizacao (mensagem_sefaz) or cancelado;
// - DELETE /v2/nfe/<ref> { justificativa }: cancelado, or 400 when the reason is not 15–255 characters.
// An NCM listed in `refusedNcms` is refused as SEFAZ does ("Rejeição 778"); a refused ref may be sent again.
import http from 'node:http';
import { buildAccessKey } from '#src/domain/invoicing/access-key.ts';

export const FAKE_FOCUSNFE_TOKEN = 'fake-focusnfe-token-0123456789';

type Nota = { status: string; numero: number; serie: number; chave: string; mensagem: string | null; reads: number; body: Record<string, any> };

export async function startFakeFocusNfe(opts: { processingReads?: number } = {}) {
  const notas = new Map<string, Nota>();
  const requests: { method: string; path: string; body: any }[] = [];
  const refusedNcms = new Set<string>();
  let next = 1;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = raw ? JSON.parse(raw) : null;
      requests.push({ method: req.method ?? '', path: url.pathname, body });
      if (req.headers.authorization !== `Basic ${Buffer.from(`${FAKE_FOCUSNFE_TOKEN}:`).toString('base64')}`) return json(401, { codigo: 'permissao_negada', mensagem: 'Token de acesso inválido' });
      if (req.method === 'POST' && url.pathname === '/v2/nfe') {
        const ref = url.searchParams.get('ref');
        if (!ref) return json(400, { codigo: 'requisicao_invalida', mensagem: 'Parâmetro ref não informado' });
        const known = notas.get(ref);
        if (known && known.status === 'autorizado') return json(422, { codigo: 'already_processed', mensagem: 'Nota fiscal já autorizada' });
        if (!Array.isArray(body?.items) || !body.cnpj_emitente) return json(422, { codigo: 'requisicao_invalida', mensagem: 'Campos obrigatórios não informados' });
        const numero = known?.numero ?? next++;
        const serie = 1;
        const chave = buildAccessKey({ uf: body.uf_emitente, issuedAt: { year: 2026, month: 11 }, cnpj: body.cnpj_emitente, series: serie, number: numero, code: 10000000 + numero });
        notas.set(ref, { status: 'processando_autorizacao', numero, serie, chave, mensagem: null, reads: 0, body });
        return json(202, { cnpj_emitente: body.cnpj_emitente, ref, status: 'processando_autorizacao' });
      }
      const m = /^\/v2\/nfe\/([^/]+)$/.exec(url.pathname);
      const nota = m ? notas.get(decodeURIComponent(m[1]!)) : undefined;
      if (!m || !nota) return json(404, { codigo: 'nao_encontrado', mensagem: 'Nota fiscal não encontrada' });
      if (req.method === 'GET') {
        if (nota.status === 'processando_autorizacao' && ++nota.reads >= (opts.processingReads ?? 1)) {
          const bad = (nota.body.items as { codigo_ncm: string; numero_item: number }[]).find((i) => refusedNcms.has(i.codigo_ncm));
          if (bad) {
            nota.status = 'erro_autorizacao';
            nota.mensagem = `Rejeição: Informado NCM inexistente [nItem:${bad.numero_item}]`;
          } else nota.status = 'autorizado';
        }
        const base = { cnpj_emitente: nota.body.cnpj_emitente, ref: m[1], status: nota.status };
        if (nota.status === 'autorizado' || nota.status === 'cancelado')
          return json(200, {
            ...base,
            status_sefaz: nota.status === 'autorizado' ? '100' : '135',
            mensagem_sefaz: nota.status === 'autorizado' ? 'Autorizado o uso da NF-e' : 'Evento registrado e vinculado a NF-e',
            chave_nfe: `NFe${nota.chave}`,
            numero: String(nota.numero),
            serie: String(nota.serie),
            caminho_xml_nota_fiscal: `/arquivos_development/12345678000195/202611/XMLs/${nota.chave}-nfe.xml`,
            caminho_danfe: `/arquivos_development/12345678000195/202611/DANFEs/${nota.chave}.pdf`,
          });
        if (nota.status === 'erro_autorizacao') return json(200, { ...base, status_sefaz: '778', mensagem_sefaz: nota.mensagem });
        return json(200, base);
      }
      if (req.method === 'DELETE') {
        const just = String(body?.justificativa ?? '');
        if (just.length < 15 || just.length > 255) return json(400, { codigo: 'requisicao_invalida', mensagem: 'Justificativa deve conter de 15 a 255 caracteres' });
        if (nota.status !== 'autorizado') return json(422, { codigo: 'nfe_nao_autorizada', mensagem: 'Nota fiscal não autorizada não pode ser cancelada' });
        nota.status = 'cancelado';
        return json(200, { status_sefaz: '135', mensagem_sefaz: 'Evento registrado e vinculado a NF-e', status: 'cancelado', caminho_xml_cancelamento: `/arquivos_development/${nota.chave}-can.xml` });
      }
      return json(405, { codigo: 'metodo_nao_permitido', mensagem: 'Método não permitido' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    notas,
    requests,
    refusedNcms,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
