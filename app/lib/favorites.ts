// The hearts' state in the browser. The server's HTML never carries it (catalog pages are cached for
// everyone): after the page has loaded, `startFavorites` asks /api/favoritos for the shopper's list (the
// account's, or a guest's cookie), presses the matching hearts (`button[data-fav]`, also those a later render
// adds) and handles their clicks with one listener on the document.
export const FAVORITES_EVENT = 'favoritesUpdated';

let current = new Set<number>();

const idOf = (el: Element) => Number(el.getAttribute('data-fav'));

function paint(root: ParentNode = document) {
  for (const el of root.querySelectorAll('button[data-fav]')) el.setAttribute('aria-pressed', String(current.has(idOf(el))));
}

function adopt(ids: number[]) {
  current = new Set(ids);
  paint();
  window.dispatchEvent(new CustomEvent(FAVORITES_EVENT, { detail: ids }));
}

async function call(method: 'GET' | 'PUT' | 'DELETE', path: string): Promise<{ ids?: number[]; erro?: string } | null> {
  try {
    const res = await fetch(path, { method, credentials: 'same-origin', headers: { Accept: 'application/json' } });
    return (await res.json()) as { ids?: number[]; erro?: string };
  } catch {
    return null;
  }
}

function announce(message: string) {
  const region = document.getElementById('favoritos-aviso');
  if (region) region.textContent = message;
}

/** Starts the hearts for this page's shopper (root.tsx runs it again when the account changes). Returns the clean-up. */
export function startFavorites(): () => void {
  let cancelled = false;
  void call('GET', '/api/favoritos').then((r) => {
    if (!cancelled && r?.ids) adopt(r.ids);
  });

  const onClick = async (e: MouseEvent) => {
    const button = e.target instanceof Element ? e.target.closest('button[data-fav]') : null;
    if (!button) return;
    e.preventDefault();
    const id = idOf(button);
    const favorite = !current.has(id);
    button.setAttribute('aria-pressed', String(favorite));
    const r = await call(favorite ? 'PUT' : 'DELETE', `/api/favoritos/${id}`);
    if (r?.ids) {
      adopt(r.ids);
      announce(favorite ? 'Adicionado aos favoritos.' : 'Removido dos favoritos.');
    } else {
      paint();
      announce(r?.erro ?? 'Não foi possível atualizar seus favoritos. Tente novamente.');
    }
  };
  // Hearts added later (client-side navigation, a list rendered after load) take the state too.
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes' && r.target instanceof Element) r.target.setAttribute('aria-pressed', String(current.has(idOf(r.target))));
      for (const node of r.addedNodes) if (node instanceof Element) node.matches('button[data-fav]') ? paint(node.parentNode ?? document) : paint(node);
    }
  });
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-fav'] });
  document.addEventListener('click', onClick);
  return () => {
    cancelled = true;
    observer.disconnect();
    document.removeEventListener('click', onClick);
  };
}
