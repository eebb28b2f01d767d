// Act, the parts that need no lookup: a greeting, thanks, and what is not the store's to answer.
import { store } from '#src/config/store.ts';
import { contact } from '../knowledge.ts';
import type { PartAnswer } from '../types.ts';
import type { Part } from '../understand.ts';
import { GREETING_TEXT } from '../wording.ts';

export const greeting = (part: Part): PartAnswer => ({ text: GREETING_TEXT(), products: [], intent: part.intent });

export const thanks = (part: Part): PartAnswer => ({ text: 'Por nada! Se precisar de mais alguma coisa, é só chamar.', products: [], intent: part.intent });

export const offTopic = (part: Part): PartAnswer => ({
  text: `Não sei responder isso; fale com a gente em ${contact()}. Por aqui eu ajudo com peças, preços, frete, pagamento e pedidos da ${store.name}.`,
  products: [],
  intent: part.intent,
});
