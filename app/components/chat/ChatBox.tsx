import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';

interface Suggested {
  id: number;
  title: string;
  price: string;
  url: string;
}

interface Message {
  sender: 'user' | 'bot';
  content: string;
  produtos?: Suggested[];
}

const STORAGE_KEY = 'olimpiaChat';
const ERROR_MESSAGE = 'Erro ao processar sua pergunta.';
const MAX_SENT = 50;

function load(): Message[] {
  try {
    const v = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? (v as Message[]).filter((m) => (m.sender === 'user' || m.sender === 'bot') && typeof m.content === 'string') : [];
  } catch {
    return [];
  }
}

export default function ChatBox({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [messages, setMessages] = useState<Message[]>(load);
  const [text, setText] = useState('');
  const [waiting, setWaiting] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const end = useRef<HTMLDivElement>(null);
  // The product on screen goes with each question: "quanto fica esse no pix?" means it.
  const { pathname } = useLocation();
  const pageProduct = /^\/ProductView\/(\d{1,9})$/.exec(pathname);

  useEffect(() => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(messages));
    end.current?.scrollIntoView({ block: 'end' });
  }, [messages, waiting]);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  const send = async () => {
    const content = text.trim();
    if (!content || waiting) return;
    const history: Message[] = [...messages, { sender: 'user', content: text }];
    setMessages(history);
    setText('');
    setWaiting(true);
    const push = (m: Message) => setMessages((prev) => [...prev, m]);
    try {
      const res = await fetch('/api/chat?stream=1', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          mensagens: history.slice(-MAX_SENT).map(({ sender, content: c }) => ({ sender, content: c.slice(0, 2000) })),
          ...(pageProduct ? { contexto: { productId: Number(pageProduct[1]) } } : {}),
        }),
      });
      if (!res.ok || !res.body) throw new Error(String(res.status));
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      let reply = '';
      let started = false;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        let nl: number;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          if (!line.trim()) continue;
          const event = JSON.parse(line) as { type: string; text?: string; produtos?: Suggested[]; message?: string };
          if (event.type === 'error') throw new Error(event.message);
          if (event.type === 'delta') {
            reply += event.text ?? '';
            const snapshot = reply;
            if (!started) {
              started = true;
              setWaiting(false);
              push({ sender: 'bot', content: snapshot });
            } else setMessages((prev) => [...prev.slice(0, -1), { sender: 'bot', content: snapshot }]);
          }
          if (event.type === 'done') {
            const snapshot = reply;
            const produtos = event.produtos ?? [];
            setMessages((prev) => [...prev.slice(0, -1), { sender: 'bot', content: snapshot, produtos }]);
          }
        }
      }
      if (!started) throw new Error('sem resposta');
    } catch {
      push({ sender: 'bot', content: ERROR_MESSAGE });
    } finally {
      setWaiting(false);
    }
  };

  return (
    <section
      id="olimpia"
      role="dialog"
      aria-labelledby="olimpia-titulo"
      hidden={!open}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
      className="flex h-[min(34rem,calc(100dvh-16rem))] w-[min(24rem,calc(100vw-3.5rem))] flex-col overflow-hidden rounded-2xl bg-white shadow-2xl ring-1 ring-neutral-300"
    >
      <header className="flex items-center justify-between bg-ink px-4 py-3 text-white">
        <h2 id="olimpia-titulo" className="font-extrabold">
          OlimpIA
        </h2>
        <button type="button" onClick={onClose} aria-label="Fechar chat" className="h-8 w-8 rounded-full text-xl hover:bg-white/10">
          ×
        </button>
      </header>
      <div role="log" aria-live="polite" aria-label="Mensagens" className="flex-1 space-y-3 overflow-y-auto p-4 text-sm">
        {messages.length === 0 && <p className="text-ink-soft">Nenhuma mensagem ainda. Comece a conversar!</p>}
        {messages.map((m, i) => (
          <div key={i} className={m.sender === 'user' ? 'ml-8 text-right' : 'mr-8'}>
            <p className={`inline-block rounded-2xl px-3 py-2 text-left whitespace-pre-wrap ${m.sender === 'user' ? 'bg-brand text-ink' : 'bg-neutral-100 text-ink'}`}>
              <span className="sr-only">{m.sender === 'user' ? 'Você: ' : 'OlimpIA: '}</span>
              {m.content}
            </p>
            {m.produtos && m.produtos.length > 0 && (
              <ul className="mt-1 space-y-1">
                {m.produtos.map((p) => (
                  <li key={p.id}>
                    <Link to={p.url} className="block rounded-lg border border-neutral-200 px-3 py-2 hover:border-brand">
                      <span className="block font-semibold">{p.title}</span>
                      <span className="text-ink-soft">{p.price}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))}
        {waiting && (
          <p role="status" className="mr-8 text-ink-soft">
            OlimpIA está digitando…
          </p>
        )}
        <div ref={end} />
      </div>
      <form
        className="flex items-end gap-2 border-t border-neutral-200 p-3"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <label htmlFor="olimpia-pergunta" className="sr-only">
          Sua pergunta
        </label>
        <textarea
          id="olimpia-pergunta"
          ref={input}
          rows={2}
          maxLength={2000}
          value={text}
          placeholder="Digite sua pergunta..."
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void send();
            }
          }}
          className="max-h-32 min-h-11 flex-1 resize-none rounded-xl border border-neutral-300 px-3 py-2"
        />
        <button type="submit" className="rounded-xl bg-brand px-4 py-2.5 font-bold text-ink hover:bg-brand-dark">
          Enviar
        </button>
      </form>
    </section>
  );
}
