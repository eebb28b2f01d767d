// PIX "copia e cola": a BR Code (EMV fields with a correct CRC16) built by pix-utils, and its QR code.
import { createStaticPix, hasError } from 'pix-utils';
import QRCode from 'qrcode';

export interface PixConfig {
  key: string;
  merchantName: string;
  merchantCity: string;
}

/** The BR Code for an amount, identified by the order number (the txid). */
export function pixCode(config: PixConfig, amountCents: number, orderNumber: string): string {
  const pix = createStaticPix({
    merchantName: config.merchantName.slice(0, 25),
    merchantCity: config.merchantCity.slice(0, 15),
    pixKey: config.key,
    infoAdicional: `Pedido ${orderNumber}`,
    txid: `OLIMPO${orderNumber}`,
    transactionAmount: amountCents / 100,
  });
  if (hasError(pix)) throw new Error(`PIX inválido: ${pix.message}`);
  return pix.toBRCode();
}

/** The QR code as an SVG document (rendered from the BR Code on our server; nothing is fetched). */
export function pixQrSvg(code: string): Promise<string> {
  return QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
}
