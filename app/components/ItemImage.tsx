import { useState } from 'react';

/** The placeholder picture shown when an item has no image or its image fails to load (spec §8). */
export const PLACEHOLDER_IMAGE = '/placeholder.svg';

export function ItemImage({ src, alt, size = 56 }: { src: string | null | undefined; alt: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={!src || failed ? PLACEHOLDER_IMAGE : src}
      alt={alt}
      width={size}
      height={size}
      onError={() => setFailed(true)}
      className="shrink-0 rounded-lg bg-neutral-50 object-contain"
      style={{ width: size, height: size }}
    />
  );
}
