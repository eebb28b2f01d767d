// The limits on what shoppers write and click: questions per account, review submissions and helpful votes
// per address. Counted in the database before the work (src/platform/rate-limit.server.ts), so a burst in
// parallel is counted whole and several instances share the count.
import { rateLimit } from '#src/platform/rate-limit.server.ts';

const HOUR = 60 * 60_000;

export const REVIEW_LIMITS = {
  questionsPerAccount: rateLimit({ name: 'question-account', limit: 10, windowMs: HOUR }),
  questionsPerIp: rateLimit({ name: 'question-ip', limit: 30, windowMs: HOUR }),
  reviewsPerIp: rateLimit({ name: 'review-ip', limit: 20, windowMs: HOUR }),
  votesPerIp: rateLimit({ name: 'review-vote-ip', limit: 60, windowMs: HOUR }),
};

export const TOO_MANY = 'Muitas tentativas em pouco tempo. Tente de novo mais tarde.';
