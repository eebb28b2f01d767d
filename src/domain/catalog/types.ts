// Shapes the catalog hands out. Money is integer centavos.
import type { CategorySlug, Condition, VehicleType } from './taxonomy.ts';

export interface ProductImage {
  url: string;
  alt: string;
  width: number;
  height: number;
}

export interface ProductSummary {
  id: number;
  slug: string;
  title: string;
  brand: string;
  category: CategorySlug;
  priceCents: number;
  oldPriceCents: number | null;
  onSale: boolean;
  discountPercent: number;
  stock: number;
  /** Approved reviews' average and count (src/domain/reviews); null before the first. */
  rating: ProductRating | null;
  image: ProductImage | null;
}

export interface ProductRating {
  /** 1.0–5.0, one decimal. */
  average: number;
  count: number;
}

export interface ProductSpec {
  label: string;
  value: string;
}

export interface ProductVariant {
  id: number;
  color: string;
  size: string;
  stock: number;
}

export interface ProductDetail extends ProductSummary {
  description: string;
  kind: string;
  refCode: string;
  /** The carmakers' part numbers ("código original"). */
  oemCodes: string[];
  /** Other brands' equivalent part numbers, each "Marca CÓDIGO". */
  equivalentCodes: string[];
  /** The specifications table, in display order. */
  specs: ProductSpec[];
  vehicleType: VehicleType;
  condition: Condition;
  createdAt: string;
  images: ProductImage[];
  variants: ProductVariant[];
}

export interface FacetOption {
  slug: string;
  label: string;
  count: number;
}

export interface Facets {
  brands: FacetOption[];
  categories: FacetOption[];
  vehicles: FacetOption[];
  conditions: FacetOption[];
}

export interface SearchResult {
  items: (ProductSummary & { description: string })[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
  /** Set when a typo was corrected: the query the results are for. */
  correctedQuery: string | null;
  /** True when `total` is a lower bound: more than MAX_LISTED_RESULTS matched and the count stopped there. */
  totalIsLowerBound: boolean;
  /** The deepest page a list reaches (MAX_LISTED_RESULTS); `totalPages` never passes it. */
  lastPage: number;
  /** The page asked is past `lastPage`: no items are read, the shopper is asked to narrow the list. */
  beyondLastPage: boolean;
  /** With a restriction that ranks some results first: the ids of those on this page. */
  firstIds?: number[];
  facets?: Facets;
}
