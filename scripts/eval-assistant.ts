// npm run eval:assistant: asks OlimpIA every question of tests/assistant/questions.json against the demo
// catalog (fresh in-memory PGlite) and prints the accuracy. A question passes when the answer contains
// every "must" fact and none of the "mustNot" ones. Exits 1 below the target (90 %).
// `-- --show` prints every answer; `-- --only 12` runs one question.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/db/client.server.ts';
import { answer } from '../src/domain/assistant/engine.server.ts';
import type { ChatMessage } from '../src/domain/assistant/engine.server.ts';
import { placeOrder } from '../src/domain/checkout/place-order.server.ts';
import { seedDemoData } from '../src/db/seed.server.ts';
import { moveOrder } from '../src/domain/orders/orders.server.ts';
import { createSandboxProvider } from '../src/domain/payments/provider.ts';

interface Question {
  id: number;
  ask: string | string[];
  signedIn?: boolean;
  must: string[];
  mustNot?: string[];
}

const TARGET = 0.9;
const { values } = parseArgs({ options: { show: { type: 'boolean' }, only: { type: 'string' } } });
const questions = JSON.parse(fs.readFileSync('tests/assistant/questions.json', 'utf8')) as Question[];

const database = await openDatabase({ dataDir: 'memory://' });
await database.migrate();
await seedDemoData(database.db);

// Two shoppers with orders: the eval user asks; the other's order must never be revealed.
const provider = createSandboxProvider({ pix: { key: 'pix@olimpopecas.com.br', merchantName: 'OLIMPO PECAS', merchantCity: 'SAO PAULO' } });
const address = { cep: '01001000', street: 'Praça da Sé', number: '1', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' };
async function orderFor(userId: string, productId: number) {
  const r = await placeOrder(
    { db: database.db, provider },
    { idempotencyKey: `eval-${userId}-${productId}-000000`, email: `${userId}@example.com`, lines: [{ productId, quantity: 1 }], address, shipping: 'standard', payment: 'pix', installments: 1, customer: { name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' } },
    { userId },
  );
  if (!r.ok) throw new Error(r.message);
  return r.order.number;
}
const myOrder = await orderFor('eval-user', 2);
const otherOrder = await orderFor('other-user', 3);
await moveOrder(database.db, myOrder, 'paid');
await moveOrder(database.db, myOrder, 'picking');
await moveOrder(database.db, myOrder, 'shipped', { trackingCode: 'BR123456789BR' });

const fill = (s: string) => s.replaceAll('{myOrder}', myOrder).replaceAll('{otherOrder}', otherOrder);
let passed = 0;
const failures: string[] = [];
const selected = values.only ? questions.filter((q) => String(q.id) === values.only) : questions;
for (const q of selected) {
  const asks = (Array.isArray(q.ask) ? q.ask : [q.ask]).map(fill);
  const messages: ChatMessage[] = [];
  let reply = '';
  for (const text of asks) {
    messages.push({ sender: 'user', content: text });
    const r = await answer({ db: database.db, viewer: { userId: q.signedIn ? 'eval-user' : null } }, messages);
    reply = r.resposta + (r.produtos.length ? `\n[produtos: ${r.produtos.map((p) => p.url).join(' ')}]` : '');
    messages.push({ sender: 'bot', content: r.resposta });
  }
  reply = reply.replace(/\u00a0/g, ' ');
  const missing = q.must.map(fill).filter((m) => !reply.toLowerCase().includes(m.toLowerCase()));
  const forbidden = (q.mustNot ?? []).map(fill).filter((m) => reply.toLowerCase().includes(m.toLowerCase()));
  const ok = missing.length === 0 && forbidden.length === 0;
  if (ok) passed++;
  else failures.push(`#${q.id} ${asks.join(' → ')}\n    faltou: ${JSON.stringify(missing)} proibido: ${JSON.stringify(forbidden)}\n    resposta: ${reply.replace(/\n/g, '\n              ')}`);
  if (values.show) console.log(`\n#${q.id} ${ok ? 'OK ' : 'ERRO'} ${asks.join(' → ')}\n${reply}`);
}
await database.close();

const accuracy = passed / selected.length;
if (failures.length) console.log(`\nFalhas:\n${failures.join('\n')}`);
console.log(`\nOlimpIA: ${passed}/${selected.length} perguntas corretas (${(accuracy * 100).toFixed(1)} %), meta ${TARGET * 100} %.`);
process.exit(accuracy >= TARGET ? 0 : 1);
