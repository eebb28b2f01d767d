// PIX "copia e cola": a static BR Code (the EMV QR Code fields of the Banco Central's "Manual de Padrões para
// Iniciação do Pix", closed by a CRC16-CCITT), and its QR code.
//
// Written here rather than with pix-utils: that library loads axios (and form-data and mime-db through it) at
// import time for the dynamic-PIX fetch we never use: 2.3 MB of every server process's heap. The tests build
// the same codes with pix-utils and compare them byte for byte, and parse ours with its parser (issue 16's bench runs, in git history).
import QRCode from 'qrcode';
import { formatCentsDecimal } from '../pricing/money.ts';

export interface PixConfig {
  key: string;
  merchantName: string;
  merchantCity: string;
}

/** One EMV field: two-digit id, two-digit length, value; an empty value leaves the field out. */
function field(id: string, value: string): string {
  return value ? `${id}${String(value.length).padStart(2, '0')}${value}` : '';
}

/** Upper case without accents, as the BR Code's name and city fields are read by every bank's app. */
function plain(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .slice(0, max);
}

/** CRC16-CCITT (polynomial 0x1021, initial 0xFFFF) of the code's UTF-8 bytes, four upper-case hex digits. */
export function brCodeCrc(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The BR Code for an amount, identified by the order number (the txid). */
export function pixCode(config: PixConfig, amountCents: number, orderNumber: string): string {
  const txid = `OLIMPO${orderNumber}`;
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw new Error(`PIX inválido: valor ${amountCents}`);
  if (txid.length > 25) throw new Error('PIX inválido: txid com mais de 25 caracteres');
  if (!config.merchantCity.trim()) throw new Error('PIX inválido: cidade obrigatória');
  // No amount field for zero: the payer types it (as pix-utils did).
  const amount = amountCents > 0 ? formatCentsDecimal(amountCents, '.') : '';
  const body = [
    field('00', '01'), // payload format indicator
    field('26', field('00', 'br.gov.bcb.pix') + field('01', config.key) + field('02', `Pedido ${orderNumber}`)), // merchant account: the key and a message
    field('52', '0000'), // merchant category code
    field('53', '986'), // currency: real
    field('54', amount),
    field('58', 'BR'),
    field('59', plain(config.merchantName, 25)),
    field('60', plain(config.merchantCity, 15)),
    field('62', field('05', txid)), // additional data: the txid
  ].join('');
  const withCrcId = `${body}6304`;
  return withCrcId + brCodeCrc(withCrcId);
}

/** The QR code as an SVG document (rendered from the BR Code on our server; nothing is fetched). */
export function pixQrSvg(code: string): Promise<string> {
  return QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
}
