import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Static } from './Static.tsx';

export interface Slide {
  title: string;
  text: string;
  to: string;
  image: string;
  tone: string;
}

/** Spec §9: 5000 ms on the first slide, 2000 ms on the others. */
export const slideInterval = (index: number) => (index === 0 ? 5000 : 2000);

export function HeroCarousel({ slides }: { slides: Slide[] }) {
  const [current, setCurrent] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(true);
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    const mq = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReducedMotion(mq.matches);
    const onChange = () => setReducedMotion(mq.matches);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);

  const paused = hovered || focused || reducedMotion;
  useEffect(() => {
    if (paused) return;
    const id = window.setTimeout(() => setCurrent((c) => (c + 1) % slides.length), slideInterval(current));
    return () => window.clearTimeout(id);
  }, [current, paused, slides.length]);

  const go = useCallback((i: number) => setCurrent((i + slides.length) % slides.length), [slides.length]);

  return (
    <section
      ref={region}
      aria-roledescription="carrossel"
      aria-label="Ofertas em destaque"
      className="relative overflow-hidden rounded-2xl bg-ink text-white"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!region.current?.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div aria-live={paused ? 'polite' : 'off'}>
        {slides.map((slide, i) => (
          <div
            key={slide.title}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} de ${slides.length}`}
            hidden={i !== current}
            className={`grid min-h-72 items-center gap-4 p-6 pb-20 sm:min-h-80 sm:grid-cols-2 sm:p-10 ${slide.tone}`}
          >
            {/* Static HTML once the page has loaded (Static.tsx): the carousel itself stays interactive. */}
            <Static className="max-w-md" version={slide.title + slide.to}>
              {i === 0 ? <h1 className="text-3xl leading-tight font-extrabold sm:text-4xl">{slide.title}</h1> : <h2 className="text-3xl leading-tight font-extrabold sm:text-4xl">{slide.title}</h2>}
              <p className="mt-3 text-base text-white/85 sm:text-lg">{slide.text}</p>
              <Link to={slide.to} className="mt-6 inline-block rounded-lg bg-brand px-5 py-3 font-bold text-ink hover:bg-brand-dark">
                Ver Ofertas
              </Link>
            </Static>
            <img
              src={slide.image}
              alt=""
              width={600}
              height={600}
              fetchPriority={i === 0 ? 'high' : 'low'}
              loading={i === 0 ? 'eager' : 'lazy'}
              className="mx-auto hidden h-56 w-56 rounded-2xl sm:block lg:h-64 lg:w-64"
            />
          </div>
        ))}
      </div>
      <div className="absolute right-4 bottom-4 flex items-center gap-2">
        <button type="button" onClick={() => go(current - 1)} aria-label="Slide anterior" className="h-9 w-9 rounded-full bg-white/15 text-lg hover:bg-white/30">
          ‹
        </button>
        {slides.map((s, i) => (
          <button
            key={s.title}
            type="button"
            onClick={() => go(i)}
            aria-label={`Ir para o slide ${i + 1}`}
            aria-current={i === current ? 'true' : undefined}
            className="flex h-9 w-6 items-center justify-center"
          >
            <span className={`block h-2.5 w-2.5 rounded-full ${i === current ? 'bg-brand' : 'bg-white/50'}`} />
          </button>
        ))}
        <button type="button" onClick={() => go(current + 1)} aria-label="Próximo slide" className="h-9 w-9 rounded-full bg-white/15 text-lg hover:bg-white/30">
          ›
        </button>
      </div>
    </section>
  );
}
