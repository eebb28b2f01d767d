import { data, Link } from 'react-router';
import type { Route } from './+types/product-view';
import { getProduct, getProductWithRelated, relatedProducts } from '#src/domain/catalog/products.server.ts';
import { labelOf } from '#src/domain/catalog/taxonomy.ts';
import { loadGarage } from '#src/domain/fitment/garage.server.ts';
import { garageRestriction, productFitment } from '#src/domain/fitment/repository.server.ts';
import { compatibilityTable, verdict } from '#src/domain/fitment/rules.ts';
import { initialSelectorData } from '#src/domain/fitment/selector-data.ts';
import { fullLabel, shortLabel } from '#src/domain/fitment/vehicles.ts';
import { CompatibilitySection, FitAnswer } from '../components/vehicle/Compatibility.tsx';
import { centsToReais, formatBRL } from '#src/domain/pricing/money.ts';
import { AddToCart } from '../components/AddToCart.tsx';
import { FavoriteButton } from '../components/favorites/FavoriteButton.tsx';
import { RecentlyViewed } from '../components/favorites/RecentlyViewed.tsx';
import { ImageGallery } from '../components/ImageGallery.tsx';
import { DiscountBadge, OldPrice, PriceLines } from '../components/Price.tsx';
import { ProductGrid } from '../components/ProductCard.tsx';
import { Static } from '../components/Static.tsx';
import { useState } from 'react';
import { recolorImages } from '#src/domain/catalog/art.ts';
import { shippingOf } from '#src/domain/checkout/services.server.ts';
import type { CheckoutServices } from '#src/domain/checkout/services.ts';
import { shareImagePath } from '#src/domain/catalog/share-image.ts';
import { MESSAGES } from '#src/domain/checkout/rules.ts';
import { MAX_UNITS_PER_PRODUCT } from '#src/domain/checkout/units.ts';
import { cepDigits } from '#src/domain/shipping/delivery.ts';
import { productFreight } from '#src/domain/shipping/quote.server.ts';
import { FreightCalculator } from '../components/product/Freight.tsx';
import type { FreightView } from '../components/product/Freight.tsx';
import { EquivalentLine, SizeGuide, SpecsTable } from '../components/product/Specs.tsx';
import { originFrom, seo } from '../lib/seo.ts';
import { checkoutOf, dbOf, servicesOf } from '../lib/context.server.ts';
import { answeredQuestions } from '#src/domain/reviews/questions.server.ts';
import { productReviewsBlock } from '#src/domain/reviews/reviews.server.ts';
import type { ProductReviewsBlock } from '#src/domain/reviews/reviews.server.ts';
import { ratingSummary } from '#src/domain/reviews/rules.ts';
import { ReviewsSection } from '../components/product/reviews.tsx';
import { QuestionsSection } from '../components/product/questions.tsx';

/** A product with no approved review: nothing to read. */
const EMPTY_REVIEWS: ProductReviewsBlock = { summary: ratingSummary({}), reviews: [] };

/** /ProductView with no id shows the spec's sample product. */
const DEFAULT_PRODUCT_ID = 1;
const RELATED_COUNT = 4;

/** ?cep= on the product page: the shipping module's options for one unit and their dates, the destination from ViaCEP. */
async function freightFor(checkout: CheckoutServices, db: ReturnType<typeof dbOf>, productId: number, raw: string | null): Promise<FreightView> {
  if (raw === null || raw.trim() === '') return { status: 'none' };
  const shown = raw.slice(0, 20);
  const cep = cepDigits(raw.trim());
  if (!cep) return { status: 'invalid', cep: shown, message: MESSAGES.cep };
  const masked = `${cep.slice(0, 5)}-${cep.slice(5)}`;
  const [found, quote] = await Promise.all([checkout.cep.lookup(cep), productFreight(shippingOf(checkout), db, { productId, cep, now: new Date() })]);
  if (found.status === 'not_found') return { status: 'invalid', cep: masked, message: MESSAGES.cepNotFound };
  return {
    status: 'ok',
    cep: masked,
    destination: found.status === 'found' && found.address.city ? `${found.address.city}/${found.address.state}` : null,
    notice: quote.notice ?? (found.status === 'unavailable' ? 'Não foi possível confirmar o endereço agora; os prazos valem para todo o Brasil.' : null),
    options: quote.options,
  };
}

export async function loader({ params, request, url, context }: Route.LoaderArgs) {
  const raw = params.id ?? String(DEFAULT_PRODUCT_ID);
  if (!/^\d{1,10}$/.test(raw)) throw data(null, { status: 404 });
  const db = dbOf(context);
  const { active } = await loadGarage(db, request, servicesOf(context));
  // Without a vehicle the related products come in the product's own statement; with one, they are the
  // vehicle's (a restricted search of their own).
  const found = active ? await getProduct(db, Number(raw)).then((p) => p && { product: p, related: null }) : await getProductWithRelated(db, Number(raw), RELATED_COUNT);
  if (!found) throw data(null, { status: 404 });
  const { product } = found;
  const [fitment, freight, reviews, questions] = await Promise.all([
    productFitment(db, product.id),
    freightFor(checkoutOf(context), db, product.id, url.searchParams.get('cep')),
    // Public content only (approved reviews, answered questions): the page stays the same for every visitor.
    product.rating ? productReviewsBlock(db, product.id) : EMPTY_REVIEWS,
    answeredQuestions(db, product.id),
  ]);
  const related = found.related ?? (await relatedProducts(db, product, RELATED_COUNT, garageRestriction(active)));
  // The answer for the shopper's vehicle, with the model's other versions it serves when it does not.
  let answer = null;
  if (active) {
    const v = verdict(fitment, { vehicles: [active.vehicle], year: active.year });
    answer = {
      label: shortLabel(active.vehicle, active.year),
      fullLabel: fullLabel(active.vehicle, active.year),
      fits: v.fits,
      universal: v.fits && v.how === 'universal',
      otherVersions: v.fits ? [] : compatibilityTable(v.sameModelRows).map((l) => `${l.version} (${l.years})`),
    };
  }
  return {
    product,
    related,
    freight,
    maxUnits: checkoutOf(context).maxUnitsPerProduct ?? MAX_UNITS_PER_PRODUCT,
    reviews,
    questions,
    compatibility: {
      lines: compatibilityTable(fitment.rows).map(({ vehicleIds, ...l }) => ({ ...l, mine: active !== null && vehicleIds.includes(active.vehicle.id) })),
      universal: fitment.universalTypes.map((t) => labelOf.vehicle(t).toLowerCase()),
      answer,
      relatedFor: active ? shortLabel(active.vehicle, active.year) : null,
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const p = loaderData.product;
  const origin = originFrom(matches);
  return seo({
    title: p.title,
    description: `${p.title} por ${formatBRL(p.priceCents)}. ${p.description}`.slice(0, 300),
    url: `${origin}/ProductView/${p.id}`,
    image: p.image ? `${origin}${shareImagePath(p.image.url)}` : undefined,
    type: 'product',
  });
};

function jsonLd(p: Route.ComponentProps['loaderData']['product'], origin: string) {
  return JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.title,
    description: p.description,
    sku: p.refCode,
    brand: { '@type': 'Brand', name: p.brand },
    image: p.images.map((i) => `${origin}${i.url}`),
    itemCondition: p.condition === 'usado' ? 'https://schema.org/UsedCondition' : 'https://schema.org/NewCondition',
    offers: {
      '@type': 'Offer',
      url: `${origin}/ProductView/${p.id}`,
      priceCurrency: 'BRL',
      price: centsToReais(p.priceCents).toFixed(2),
      availability: p.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
    ...(p.rating && { aggregateRating: { '@type': 'AggregateRating', ratingValue: p.rating.average.toFixed(1), reviewCount: p.rating.count, bestRating: 5, worstRating: 1 } }),
  }).replace(/</g, '\\u003c');
}

export default function ProductView({ loaderData, matches }: Route.ComponentProps) {
  const { product: p, related, compatibility, freight, maxUnits, reviews, questions } = loaderData;
  const origin = originFrom(matches);
  // Footwear: the photos follow the colour chosen (the drawings are redrawn in it).
  const [color, setColor] = useState(p.variants[0]?.color ?? '');
  const images = color ? recolorImages(p.images, color) : p.images;
  const isFootwear = p.category === 'calcados';
  const sizes = [...new Set(p.variants.map((v) => v.size))];
  return (
    <div className="container-page py-6">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(p, origin) }} />
      <Static as="nav" aria-label="Você está em" className="text-sm text-ink-soft" version={`${p.category} ${p.title}`}>
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link to="/" className="hover:underline">
              Início
            </Link>{' '}
            ›
          </li>
          <li>
            <Link to={`/ProductList?categoria=${p.category}`} className="hover:underline">
              {labelOf.category(p.category)}
            </Link>{' '}
            ›
          </li>
          <li aria-current="page" className="font-medium text-ink">
            {p.title}
          </li>
        </ol>
      </Static>

      <div className="mt-5 grid gap-8 lg:grid-cols-2">
        <ImageGallery images={images} title={color ? `${p.title}, cor ${color}` : p.title} />
        <div className="space-y-4">
          <p className="text-sm font-semibold tracking-wide text-neutral-500 uppercase">{p.brand}</p>
          <div className="flex items-start justify-between gap-3">
            <h1 className="text-2xl leading-tight font-extrabold sm:text-3xl">{p.title}</h1>
            <FavoriteButton productId={p.id} title={p.title} size="lg" />
          </div>
          <p className="text-sm text-ink-soft">
            REF: {p.refCode} · {labelOf.condition(p.condition)}
            {!isFootwear && <> · {labelOf.vehicle(p.vehicleType)}</>}
          </p>
          {p.oemCodes.length > 0 && <p className="text-sm text-ink-soft">Código original (OEM): {p.oemCodes.join(', ')}</p>}
          <EquivalentLine codes={p.equivalentCodes} />
          <div className="rounded-xl bg-white p-4 ring-1 ring-neutral-200">
            {p.onSale && (
              <div className="flex items-center gap-2">
                <OldPrice cents={p.oldPriceCents} />
                <DiscountBadge percent={p.discountPercent} />
              </div>
            )}
            <p className="text-3xl font-extrabold">
              <span className="sr-only">Preço: </span>
              {formatBRL(p.priceCents)}
            </p>
            <PriceLines priceCents={p.priceCents} size="md" />
          </div>
          {!isFootwear && <FitAnswer compatibility={compatibility} kind={p.kind} />}
          <AddToCart product={p} color={color || undefined} onColorChange={setColor} maxUnits={maxUnits} />
          {isFootwear && <SizeGuide sizes={sizes} />}
          <FreightCalculator productId={p.id} freight={freight} />
          <Static as="section" aria-labelledby="descricao" version={p.description}>
            <h2 id="descricao" className="text-lg font-bold">
              Descrição
            </h2>
            <p className="mt-2 leading-relaxed text-ink-soft">{p.description}</p>
          </Static>
        </div>
      </div>

      <SpecsTable product={p} />

      {!isFootwear && <CompatibilitySection compatibility={compatibility} initial={initialSelectorData()} />}

      <ReviewsSection productId={p.id} block={reviews} />
      <QuestionsSection productId={p.id} questions={questions} />

      {related.length > 0 && (
        <section aria-labelledby="relacionados" className="mt-14">
          <h2 id="relacionados" className="mb-5 text-2xl font-extrabold">
            Produtos relacionados
            {compatibility.relatedFor && <span className="block text-base font-semibold text-ink-soft sm:inline"> · que servem no seu {compatibility.relatedFor}</span>}
          </h2>
          <ProductGrid products={related} />
        </section>
      )}

      <RecentlyViewed currentId={p.id} />
    </div>
  );
}
