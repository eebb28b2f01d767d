// The NF-e access key (chave de acesso, 44 digits, Manual de Orientação do Contribuinte): cUF (2), AAMM (4),
// the emitente's CNPJ (14), the model (2: 55), the series (3), the number nNF (9), tpEmis (1), cNF (8) and
// the check digit cDV (1, modulo 11 with weights 2 to 9 from the right).

/** IBGE codes of the federative units (cUF). */
export const UF_CODES: Record<string, string> = {
  RO: '11',
  AC: '12',
  AM: '13',
  RR: '14',
  PA: '15',
  AP: '16',
  TO: '17',
  MA: '21',
  PI: '22',
  CE: '23',
  RN: '24',
  PB: '25',
  PE: '26',
  AL: '27',
  SE: '28',
  BA: '29',
  MG: '31',
  ES: '32',
  RJ: '33',
  SP: '35',
  PR: '41',
  SC: '42',
  RS: '43',
  MS: '50',
  MT: '51',
  GO: '52',
  DF: '53',
};

/** The check digit of the first 43 digits: Σ digit × weight (2…9 from the right, repeating); 11 − (Σ mod 11), or 0 when the rest is 0 or 1. */
export function accessKeyCheckDigit(first43: string): number {
  if (!/^\d{43}$/.test(first43)) throw new Error('A chave sem o dígito deve ter 43 algarismos.');
  let sum = 0;
  let weight = 2;
  for (let i = first43.length - 1; i >= 0; i--) {
    sum += Number(first43[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export interface AccessKeyParts {
  uf: string;
  issuedAt: { year: number; month: number };
  cnpj: string;
  series: number;
  number: number;
  /** 1: normal issue. */
  tpEmis?: number;
  /** The random code (cNF), 8 digits. */
  code: number;
}

const pad = (n: number | string, width: number) => String(n).padStart(width, '0');

export function buildAccessKey(p: AccessKeyParts): string {
  const cUF = UF_CODES[p.uf];
  if (!cUF) throw new Error(`UF desconhecida: ${p.uf}`);
  const cnpj = p.cnpj.replace(/\D/g, '');
  if (cnpj.length !== 14) throw new Error('O CNPJ do emitente deve ter 14 algarismos.');
  const first43 = `${cUF}${pad(p.issuedAt.year % 100, 2)}${pad(p.issuedAt.month, 2)}${cnpj}55${pad(p.series, 3)}${pad(p.number, 9)}${p.tpEmis ?? 1}${pad(p.code, 8)}`;
  return `${first43}${accessKeyCheckDigit(first43)}`;
}

/** A key whose 44th digit is its check digit. */
export function isValidAccessKey(key: string): boolean {
  return /^\d{44}$/.test(key) && accessKeyCheckDigit(key.slice(0, 43)) === Number(key[43]);
}

/** "3526 1112 3456 …": the key in groups of four, as the DANFE prints it. */
export const formatAccessKey = (key: string) => key.replace(/(\d{4})(?=\d)/g, '$1 ');
