import { Link } from 'react-router';

export function NotFound() {
  return (
    <section className="container-page py-20 text-center">
      <title>Página não encontrada | Olimpo Peças</title>
      <meta name="robots" content="noindex" />
      <p className="text-sm font-bold tracking-widest text-brand-text uppercase">Página não encontrada</p>
      <h1 className="mt-2 text-5xl font-extrabold">Error 404</h1>
      <p className="mx-auto mt-4 max-w-md text-ink-soft">O endereço que você abriu não existe ou mudou de lugar. Use a busca no topo da página ou volte para o início.</p>
      <Link to="/" className="mt-8 inline-block rounded-lg bg-brand px-5 py-3 font-semibold text-ink hover:bg-brand-dark">
        Voltar para Home
      </Link>
    </section>
  );
}
