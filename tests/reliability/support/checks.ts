// Shared expectations of the reliability suite.
import { expect } from 'vitest';

/** Words a default (English) validation or runtime message has, and a pt-BR message of ours does not. */
const ENGLISH = /\b(invalid|expected|received|required|undefined|must|too (small|big)|unexpected|cannot|error|failed|exceeded|input|string|number|object|array|NaN|null)\b/i;
/** Something only Portuguese has: an accent, a cedilla, or one of the words our messages use. */
const PORTUGUESE = /[áàâãéêíóôõúç]|\b(de|do|da|dos|das|o|a|os|as|um|uma|não|por|para|em|no|na|com|ao|ou|é|dados|demais|envie|pedido|produto|carrinho|mensagem)\b/i;

export function isPtBrMessage(message: unknown): boolean {
  return typeof message === 'string' && message.trim().length > 0 && message.length <= 300 && !ENGLISH.test(message) && PORTUGUESE.test(message);
}

/** A 4xx whose body is `{ erro: "<mensagem em português>" }`, read from the response (consumed). */
export async function expectPtBrClientError(res: Response, context: string): Promise<{ status: number; erro: string }> {
  const text = await res.text();
  expect(res.status, `${context} → ${res.status} ${text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${context} → ${res.status} ${text.slice(0, 300)}`).toBeLessThan(500);
  expect(res.headers.get('content-type') ?? '', `${context}: content-type`).toMatch(/^application\/json/);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${context}: a resposta ${res.status} não é JSON: ${text.slice(0, 200)}`);
  }
  const erro = (body as { erro?: unknown }).erro;
  expect(isPtBrMessage(erro), `${context}: mensagem não está em português: ${JSON.stringify(body).slice(0, 300)}`).toBe(true);
  return { status: res.status, erro: erro as string };
}

/** Nothing was added to Object.prototype (a `__proto__` payload that reached a merge would show here). */
export function expectNoPrototypePollution(): void {
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
}
