// The chat request, as the spec's contract has it: { mensagens: [{ sender, content }] }, plus an optional
// `contexto: { productId }` the widget sends from a product page.
import { z } from 'zod';

export const MAX_MESSAGES = 50;
export const MAX_MESSAGE_LENGTH = 2000;

export const chatRequestSchema = z
  .object({
    mensagens: z
      .array(
        z.object({
          sender: z.enum(['user', 'bot'], { error: 'Remetente inválido: use "user" ou "bot".' }),
          content: z.string({ error: 'Mensagem inválida.' }).max(MAX_MESSAGE_LENGTH, `Cada mensagem pode ter no máximo ${MAX_MESSAGE_LENGTH} caracteres.`),
        }),
        { error: 'Envie as mensagens em "mensagens".' },
      )
      .min(1, 'Envie ao menos uma mensagem.')
      .max(MAX_MESSAGES, `A conversa pode ter no máximo ${MAX_MESSAGES} mensagens.`),
    /** Optional: the page the shopper is on, so "quanto fica esse no pix?" on a product page means that product. */
    contexto: z
      .object(
        {
          productId: z
            .number({ error: 'Contexto inválido: productId deve ser um número.' })
            .int('Contexto inválido: productId deve ser um número inteiro.')
            .min(1, 'Contexto inválido: productId deve ser positivo.')
            .max(2_147_483_647, 'Contexto inválido: productId grande demais.')
            .optional(),
        },
        { error: 'Contexto inválido.' },
      )
      .optional(),
  })
  .refine((v) => {
    const last = v.mensagens.at(-1);
    return last?.sender === 'user' && last.content.trim().length > 0;
  }, 'A última mensagem deve ser uma pergunta do usuário, sem ficar em branco.');
