import { useState } from 'react';
import type { ProductImage } from '#src/domain/catalog/types.ts';

/** The product's image carousel (previous/next) with its gallery of thumbnails. */
export function ImageGallery({ images, title }: { images: ProductImage[]; title: string }) {
  const [current, setCurrent] = useState(0);
  if (images.length === 0) return null;
  const go = (i: number) => setCurrent((i + images.length) % images.length);
  const image = images[current]!;
  return (
    <div>
      <section aria-roledescription="carrossel" aria-label={`Imagens de ${title}`} className="relative overflow-hidden rounded-2xl border border-neutral-200 bg-white">
        <div role="group" aria-roledescription="slide" aria-label={`${current + 1} de ${images.length}`}>
          <img src={image.url} alt={image.alt} width={image.width} height={image.height} fetchPriority="high" className="mx-auto aspect-square w-full max-w-[560px] object-contain" />
        </div>
        {images.length > 1 && (
          <>
            <button
              type="button"
              onClick={() => go(current - 1)}
              aria-label="Imagem anterior"
              className="absolute top-1/2 left-2 h-10 w-10 -translate-y-1/2 rounded-full bg-ink/80 text-xl text-white hover:bg-ink"
            >
              ‹
            </button>
            <button
              type="button"
              onClick={() => go(current + 1)}
              aria-label="Próxima imagem"
              className="absolute top-1/2 right-2 h-10 w-10 -translate-y-1/2 rounded-full bg-ink/80 text-xl text-white hover:bg-ink"
            >
              ›
            </button>
          </>
        )}
      </section>
      {/* Each thumbnail button fills its cell (w-full): a button is as wide as its content otherwise, so the
          square images had no width, and no height, until they loaded, and the column below moved 58 px. */}
      <ul className="mt-3 grid grid-cols-5 gap-2" aria-label="Galeria">
        {images.map((img, i) => (
          <li key={img.url}>
            <button
              type="button"
              onClick={() => setCurrent(i)}
              aria-label={`Ver imagem ${i + 1}`}
              aria-current={i === current ? 'true' : undefined}
              className={`block w-full overflow-hidden rounded-lg border-2 bg-white ${i === current ? 'border-brand' : 'border-transparent'}`}
            >
              <img src={img.url} alt="" width={img.width} height={img.height} loading="lazy" className="aspect-square w-full object-contain" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
