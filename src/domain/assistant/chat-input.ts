// The chat request, as the spec's contract has it: { mensagens: [{ sender, content }] }.
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
  })
  .refine((v) => {
    const last = v.mensagens.at(-1);
    return last?.sender === 'user' && last.content.trim().length > 0;
  }, 'A última mensagem deve ser uma pergunta do usuário, sem ficar em branco.');
