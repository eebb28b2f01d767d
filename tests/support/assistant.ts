// Asking OlimpIA a conversation as the chat does: each turn answered with the turns before it, as a visitor
// (no account), with the table's freight, on a product's page or none. Returns the last answer's text with
// non-breaking spaces as plain ones.
import { answer } from '#src/domain/assistant/engine.server.ts';
import type { ChatMessage } from '#src/domain/assistant/engine.server.ts';
import { createTableShipping } from '#src/domain/shipping/service.ts';
import type { TestDatabase } from './databases.ts';

export const plain = (s: string) => s.replace(/\u00a0/g, ' ');

export async function askAssistant(database: TestDatabase, turns: string[], pageProductId: number | null = null): Promise<string> {
  const messages: ChatMessage[] = [];
  let last = null as Awaited<ReturnType<typeof answer>> | null;
  for (const content of turns) {
    messages.push({ sender: 'user', content });
    last = await answer({ db: database.db, viewer: { userId: null }, shipping: createTableShipping(), pageProductId }, messages);
    messages.push({ sender: 'bot', content: last.resposta });
  }
  return plain(last!.resposta);
}
