// The nota's XML (layout 4.00 of the NF-e, inside nfeProc), for the buyer's download. The shop does not sign
// it: with the sandbox it is a homologação nota, labelled "SEM VALOR FISCAL" (as SEFAZ requires of the
// destinatário's name in homologação); with Focus NFe the signed XML is the provider's file.
import { escapeHtml } from '#src/platform/html.ts';
import { UF_CODES } from './access-key.ts';
import type { Nota } from './nota.ts';

export const SANDBOX_LABEL = 'SEM VALOR FISCAL — ambiente de homologação';
const HOMOLOGACAO_NAME = 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';
const PAYMENT_CODES = { credit: '03', boleto: '15', pix: '17' } as const;

const money = (cents: number) => (cents / 100).toFixed(2);
const digits = (v: string) => v.replace(/\D/g, '');
const tag = (name: string, value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '' : `<${name}>${escapeHtml(String(value))}</${name}>`);

/** Brasília's offset is −03:00 all year. */
function brasiliaIso(d: Date): string {
  return `${new Date(d.getTime() - 3 * 3600_000).toISOString().slice(0, 19)}-03:00`;
}

export function notaXml(nota: Nota, issued: { accessKey: string; number: number; series: number }): string {
  const e = nota.emitente;
  const d = nota.destinatario;
  const homologacao = e.environment === 'homologacao';
  const simples = e.regime === 'simples';
  const key = issued.accessKey;
  const ide = [
    tag('cUF', UF_CODES[e.address.state]),
    tag('cNF', key.slice(35, 43)),
    tag('natOp', nota.naturezaOperacao),
    tag('mod', 55),
    tag('serie', issued.series),
    tag('nNF', issued.number),
    tag('dhEmi', brasiliaIso(nota.issuedAt)),
    tag('tpNF', nota.finalidade === 1 ? 1 : 0),
    tag('idDest', d.address.state === e.address.state ? 1 : 2),
    tag('tpImp', 1),
    tag('tpEmis', 1),
    tag('cDV', key.slice(43)),
    tag('tpAmb', homologacao ? 2 : 1),
    tag('finNFe', nota.finalidade),
    tag('indFinal', 1),
    tag('indPres', 2),
    tag('procEmi', 0),
    tag('verProc', 'Olimpo Pecas 1.0'),
    nota.referencedKey ? `<NFref>${tag('refNFe', nota.referencedKey)}</NFref>` : '',
  ].join('');
  const emit = `<emit>${tag('CNPJ', digits(e.cnpj))}${tag('xNome', e.legalName)}${tag('xFant', e.tradeName)}<enderEmit>${tag('xLgr', e.address.street)}${tag('nro', e.address.number)}${tag('xBairro', e.address.neighborhood)}${tag('xMun', e.address.city)}${tag('UF', e.address.state)}${tag('CEP', digits(e.address.cep))}${tag('cPais', 1058)}${tag('xPais', 'Brasil')}${tag('fone', digits(e.address.phone))}</enderEmit>${tag('IE', digits(e.inscricaoEstadual))}${tag('CRT', simples ? 1 : 3)}</emit>`;
  const dest = `<dest>${d.cpf ? tag('CPF', digits(d.cpf)) : ''}${tag('xNome', homologacao ? HOMOLOGACAO_NAME : d.name)}<enderDest>${tag('xLgr', d.address.street)}${tag('nro', d.address.number)}${tag('xCpl', d.address.complement)}${tag('xBairro', d.address.neighborhood)}${tag('xMun', d.address.city)}${tag('UF', d.address.state)}${tag('CEP', digits(d.address.cep))}${tag('cPais', 1058)}${tag('xPais', 'Brasil')}</enderDest>${tag('indIEDest', 9)}${tag('email', d.email)}</dest>`;
  const det = nota.items
    .map((i) => {
      const icms = simples
        ? `<ICMSSN102>${tag('orig', i.origem)}${tag('CSOSN', 102)}</ICMSSN102>`
        : `<ICMS00>${tag('orig', i.origem)}${tag('CST', '00')}${tag('modBC', 3)}${tag('vBC', money(i.totalCents))}${tag('pICMS', '18.00')}${tag('vICMS', money(Math.round(i.totalCents * 0.18)))}</ICMS00>`;
      const prod = `<prod>${tag('cProd', i.code)}${tag('cEAN', 'SEM GTIN')}${tag('xProd', i.description)}${tag('NCM', i.ncm)}${tag('CEST', i.cest)}${tag('CFOP', i.cfop)}${tag('uCom', i.unit)}${tag('qCom', i.quantity.toFixed(4))}${tag('vUnCom', money(i.unitPriceCents))}${tag('vProd', money(i.totalCents))}${tag('cEANTrib', 'SEM GTIN')}${tag('uTrib', i.unit)}${tag('qTrib', i.quantity.toFixed(4))}${tag('vUnTrib', money(i.unitPriceCents))}${tag('indTot', 1)}</prod>`;
      return `<det nItem="${i.numero}">${prod}<imposto><ICMS>${icms}</ICMS></imposto></det>`;
    })
    .join('');
  const total = `<total><ICMSTot>${tag('vBC', '0.00')}${tag('vICMS', '0.00')}${tag('vProd', money(nota.productsCents))}${tag('vFrete', money(nota.freightCents))}${tag('vDesc', money(nota.discountCents))}${tag('vNF', money(nota.totalCents))}</ICMSTot></total>`;
  const pag =
    nota.finalidade === 1
      ? `<pag><detPag>${tag('tPag', PAYMENT_CODES[nota.payment.method])}${tag('vPag', money(nota.payment.amountCents))}</detPag></pag>`
      : `<pag><detPag>${tag('tPag', 90)}${tag('vPag', '0.00')}</detPag></pag>`;
  const infCpl = homologacao ? `${SANDBOX_LABEL}. Documento gerado pelo sandbox da loja, não enviado à SEFAZ e sem assinatura digital.` : `Pedido ${nota.ref}.`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    homologacao ? `<!-- ${SANDBOX_LABEL} -->` : '',
    `<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><NFe><infNFe Id="NFe${key}" versao="4.00"><ide>${ide}</ide>${emit}${dest}${det}${total}<transp>${tag('modFrete', 0)}</transp>${pag}<infAdic>${tag('infCpl', infCpl)}</infAdic></infNFe></NFe></nfeProc>`,
  ]
    .filter(Boolean)
    .join('\n');
}
