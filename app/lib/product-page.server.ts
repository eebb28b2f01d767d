// Reading "Cadastrar Produto" (and its edit page): the fields with the catalog's zod schema, the photo by
// its content (sharp), all errors at once. The photo is stored only when everything is valid.
import { data } from 'react-router';
import type { ProductPhoto } from '#src/domain/catalog/admin.server.ts';
import { processProductPhoto, processRemoteProductPhoto } from '#src/domain/catalog/photos.server.ts';
import { MAX_PHOTO_BYTES, parseProductForm, PRODUCT_FIELDS, PRODUCT_MESSAGES } from '#src/domain/catalog/product-form.ts';
import type { ProductInput } from '#src/domain/catalog/product-form.ts';
import { pickFields } from '#src/domain/accounts/validation.ts';
import type { UploadStore } from '#src/platform/uploads.server.ts';
import type { RemoteFetch } from '#src/platform/remote-image.server.ts';
import type { ProductValues } from '../components/ProductForm.tsx';
import type { Db } from '#src/db/types.ts';
import { loadFleet } from '#src/domain/fitment/fleet.server.ts';
import { COMPAT_FIELDS, fitmentGroups, parseCompatibility } from '#src/domain/fitment/product-form.ts';
import type { CompatibilityInput, FitmentGroup } from '#src/domain/fitment/product-form.ts';

/** The compatibility form's vehicle list (the fleet's models and engines). */
export async function compatibilityGroups(db: Db): Promise<FitmentGroup[]> {
  return fitmentGroups(await loadFleet(db));
}

export type ProductPost =
  | { ok: true; input: ProductInput; photo: ProductPhoto | null; compatibility: CompatibilityInput }
  | { ok: false; response: ReturnType<typeof data<{ errors: ProductValues; values: ProductValues }>> };

export async function readProductPost(request: Request, db: Db, opts: { photoRequired: boolean; remoteFetch: RemoteFetch; uploads: UploadStore }): Promise<ProductPost> {
  const form = await request.formData();
  const raw = pickFields(form, PRODUCT_FIELDS);
  const compatRaw = pickFields(form, COMPAT_FIELDS);
  const universalRaw = form
    .getAll('universal')
    .filter((x): x is string => typeof x === 'string')
    .slice(0, 10);
  const values: ProductValues = Object.fromEntries(
    [...Object.entries(raw), ...Object.entries(compatRaw), ['universal', universalRaw.join(',')] as const].map(([k, v]) => [k, (v ?? '').slice(0, 8000)]),
  );
  const parsed = parseProductForm(raw);
  const compat = parseCompatibility(compatRaw, universalRaw, await loadFleet(db));
  const errors: ProductValues = { ...(parsed.ok ? {} : parsed.errors), ...(compat.ok ? {} : compat.errors) };

  const file = form.get('foto');
  // A file input left empty sends a nameless, empty part; a named file is an upload, even an empty one
  // (refused by its content below, instead of being taken for "no new photo").
  const upload = typeof file === 'object' && file !== null && (file.size > 0 || file.name !== '') ? file : null;
  let processed: { data: Buffer; width: number; height: number } | null = null;
  if (upload) {
    if (upload.size > MAX_PHOTO_BYTES) errors.foto = PRODUCT_MESSAGES.fotoSize;
    else {
      const result = await processProductPhoto(new Uint8Array(await upload.arrayBuffer()));
      if (result.ok) processed = result;
      else errors.foto = result.message;
    }
  } else if (opts.photoRequired && !errors.foto_url && !(parsed.ok && parsed.value.photoUrl)) {
    errors.foto = PRODUCT_MESSAGES.foto;
  }
  if (!parsed.ok || !compat.ok || Object.keys(errors).length > 0) return { ok: false, response: data({ errors, values }, { status: 400 }) };
  // A photo address is fetched once, now that everything else is valid, and kept like an upload: the shop
  // serves its own copy and shoppers' browsers never load the seller's host.
  if (!processed && parsed.value.photoUrl) {
    const result = await processRemoteProductPhoto(parsed.value.photoUrl, opts.remoteFetch);
    if (!result.ok) return { ok: false, response: data({ errors: { foto_url: result.message }, values }, { status: 400 }) };
    processed = result;
  }

  let photo: ProductPhoto | null = null;
  if (processed) {
    const saved = await opts.uploads.save('produtos', processed.data, 'webp');
    photo = { url: saved.url, width: processed.width, height: processed.height };
  }
  return { ok: true, input: { ...parsed.value, photoUrl: photo?.url ?? null }, photo, compatibility: compat.value };
}
