// A local OpenAI-compatible chat API for tests (POST /v1/chat/completions, streamed as SSE). On the first
// turn it calls the buscar_produtos tool; once it has the tool's result it answers with the price it got
// back, so a test can tell that the reply's facts came from the store's tools.
import http from 'node:http';

export type FakeLlmMode = 'tools' | 'error' | 'hang';

export async function startFakeLlm(): Promise<{ url: string; setMode: (m: FakeLlmMode) => void; requests: unknown[]; close: () => Promise<void> }> {
  let mode: FakeLlmMode = 'tools';
  const requests: unknown[] = [];
  const server = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    const json = JSON.parse(body) as { messages: { role: string; content: unknown }[]; tools?: unknown[] };
    requests.push(json);
    if (mode === 'error') {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'boom' } }));
      return;
    }
    if (mode === 'hang') return;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const chunk = (delta: object, finish: string | null = null) =>
      res.write(`data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'fake', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
    const toolMessage = json.messages.find((m) => m.role === 'tool');
    if (!toolMessage) {
      chunk({ role: 'assistant', tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'buscar_produtos', arguments: JSON.stringify({ consulta: 'farol volvo c70' }) } }] });
      chunk({}, 'tool_calls');
    } else {
      const content = typeof toolMessage.content === 'string' ? toolMessage.content : JSON.stringify(toolMessage.content);
      const price = /R\$\s?[\d.]+,\d{2}/.exec(content.replace(/\\u00a0/g, ' '))?.[0] ?? 'preço desconhecido';
      for (const piece of ['Encontrei o farol ', `por ${price}`, '. Posso ajudar em algo mais?']) chunk({ role: 'assistant', content: piece });
      chunk({}, 'stop');
    }
    res.write('data: [DONE]\n\n');
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/v1`,
    setMode: (m) => (mode = m),
    requests,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
