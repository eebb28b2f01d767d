// The rules of reviews and questions that need no database: the bounds of what a shopper writes, the
// contact-detail filter of questions, the public name of a reviewer, and the rating summary (average and the
// 5..1 distribution). No zod here: product cards import the stars' helpers on every page, and the forms'
// schemas (inputs.ts) stay in the pages that post them.

export type ReviewStatus = 'pending' | 'approved' | 'refused';
export const REVIEW_STATUS_LABEL: Record<ReviewStatus, string> = { pending: 'Aguardando moderação', approved: 'Publicada', refused: 'Recusada' };

export type QuestionStatus = 'pending' | 'answered' | 'refused';
export const QUESTION_STATUS_LABEL: Record<QuestionStatus, string> = { pending: 'Aguardando resposta', answered: 'Respondida', refused: 'Recusada' };

export const REVIEW_TITLE = { min: 3, max: 80 } as const;
export const REVIEW_BODY = { min: 10, max: 2000 } as const;
export const QUESTION_TEXT = { min: 10, max: 500 } as const;
export const ANSWER_TEXT = { min: 2, max: 2000 } as const;

export const CONTACT_REFUSED = 'Sua pergunta não pode conter telefone, e-mail, endereço de site ou redes sociais. Para sua segurança, combine tudo pela Olimpo Peças.';

const SPELLED_DIGITS = /\b(zero|um|uma|dois|duas|tr[eê]s|quatro|cinco|seis|sete|oito|nove)\b/gi;

/**
 * Does a question carry a way to talk outside the store, as marketplaces refuse it: an e-mail address (also
 * written "arroba"/"ponto com"), a URL or a domain, a phone number (8 or more digits however they are
 * separated, or spelled out), or a messaging app's name.
 */
export function containsContactDetails(text: string): boolean {
  const t = text.normalize('NFKC').toLowerCase();
  if (/[a-z0-9._%+-]+\s*(@|\(at\)|\barroba\b)\s*[a-z0-9-]+/.test(t)) return true;
  if (/\b(https?:\/\/|www\.)/.test(t)) return true;
  if (/\b[a-z0-9-]{2,}\s*(\.|\bponto\b)\s*(com|net|org|br|io|me|app|info|biz)\b/.test(t)) return true;
  if (/\b(whats\s*app|whats|wpp|zap\s*zap|zapzap|telegram|instagram|insta|facebook|face|tiktok|signal)\b/.test(t)) return true;
  // Digits however separated (spaces, dots, dashes, parentheses, "+"): 8 or more in one run is a phone number.
  // Model-year ranges ("2008-2012") and CEPs ("01310-100") are what a parts shopper writes: not phones.
  const digits = t.replace(/\b(19|20)\d{2}\s*[-/]\s*(19|20)\d{2}\b/g, ' ').replace(/\b\d{5}-\d{3}\b/g, ' ');
  const runs = digits.match(/\+?\d[\d\s().-]*\d/g) ?? [];
  if (runs.some((r) => r.replace(/\D/g, '').length >= 8)) return true;
  // Spelled out: "nove nove oito …" — eight or more digit words.
  if ((t.match(SPELLED_DIGITS) ?? []).length >= 8) return true;
  return false;
}

/** The name under a review: the first name and the initial of the last ("Ana Souza Lima" → "Ana L."). */
export function publicName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return 'Cliente';
  const first = parts[0]!;
  const last = parts.length > 1 ? parts[parts.length - 1]! : '';
  return last ? `${first} ${last[0]!.toUpperCase()}.` : first;
}

export interface RatingSummary {
  count: number;
  /** One decimal; 0 with no reviews. */
  average: number;
  /** Reviews with 5, 4, 3, 2 and 1 stars, in that order. */
  distribution: { stars: 5 | 4 | 3 | 2 | 1; count: number; percent: number }[];
}

/** The summary of approved reviews from their count per number of stars. */
export function ratingSummary(countsByStars: Partial<Record<1 | 2 | 3 | 4 | 5, number>>): RatingSummary {
  const stars = [5, 4, 3, 2, 1] as const;
  const count = stars.reduce((n, s) => n + (countsByStars[s] ?? 0), 0);
  const sum = stars.reduce((n, s) => n + s * (countsByStars[s] ?? 0), 0);
  return {
    count,
    average: count === 0 ? 0 : Math.round((sum * 10) / count) / 10,
    distribution: stars.map((s) => {
      const n = countsByStars[s] ?? 0;
      return { stars: s, count: n, percent: count === 0 ? 0 : Math.round((n * 100) / count) };
    }),
  };
}

/** "4,5" — the average as a shopper reads it. */
export const formatAverage = (average: number) => average.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
