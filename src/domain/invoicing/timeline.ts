/**
 * The order timeline's status for a nota's lines (authorised, refused, cancelled, a return nota). They are not a
 * move of the order: written under the order's status, a return nota of a delivered order would read as a second
 * delivery (and restart the withdrawal window), and a nota's cancellation as the order's cancellation reason.
 */
export const FISCAL_EVENT = 'fiscal';
export const FISCAL_EVENT_LABEL = 'Nota fiscal';
