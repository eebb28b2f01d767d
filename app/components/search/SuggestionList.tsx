import { formatBRL } from '#src/domain/pricing/money.ts';
import type { SuggestionOption } from '#app/lib/suggestion-options.ts';
import { ItemImage } from '../ItemImage.tsx';

/**
 * The open list of the header's search (SearchBox): a listbox of groups ("Produtos", "Categorias" …), each
 * option with the id the box points at (aria-activedescendant). The pointer picks on mousedown's click
 * without taking the focus from the box.
 */
export default function SuggestionList({
  id,
  options,
  active,
  optionId,
  onPick,
  onHover,
}: {
  id: string;
  options: SuggestionOption[];
  active: number;
  optionId: (i: number) => string;
  onPick: (option: SuggestionOption) => void;
  onHover: (i: number) => void;
}) {
  const groups: { name: string; items: { option: SuggestionOption; index: number }[] }[] = [];
  options.forEach((option, index) => {
    const last = groups.at(-1);
    if (last?.name === option.group) last.items.push({ option, index });
    else groups.push({ name: option.group, items: [{ option, index }] });
  });
  return (
    <div
      id={id}
      role="listbox"
      aria-label="Sugestões de busca"
      className="absolute top-full right-0 left-0 z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-xl bg-white p-1 text-ink shadow-lg ring-1 ring-black/10"
    >
      {groups.map((g) => (
        <div key={g.name} role="group" aria-labelledby={`${id}-g-${g.items[0]!.index}`}>
          <div id={`${id}-g-${g.items[0]!.index}`} role="presentation" className="px-3 pt-2 pb-1 text-xs font-semibold text-ink-soft uppercase">
            {g.name}
          </div>
          {g.items.map(({ option, index }) => (
            // biome-ignore lint/a11y/useFocusableInteractive: the ARIA combobox pattern keeps the focus in the box and points at the option (aria-activedescendant)
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the box's (↓ ↑ Enter Escape, SearchBox); the click is the pointer's way to pick
            <div
              key={option.href}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => onHover(index)}
              onClick={() => onPick(option)}
              className={`flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm ${index === active ? 'bg-neutral-100 outline-2 outline-brand' : ''}`}
            >
              {option.product && <ItemImage src={option.product.image} alt="" size={40} />}
              <span className="min-w-0 flex-1">
                <span className="line-clamp-2 break-words">{option.label}</span>
                {option.product && <span className="block text-xs text-ink-soft">{option.product.brand}</span>}
              </span>
              {option.product && <span className="shrink-0 font-semibold whitespace-nowrap">{formatBRL(option.product.priceCents)}</span>}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
