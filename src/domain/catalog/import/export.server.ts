// The whole catalog in the import format (export → edit in a spreadsheet → import round-trips): UTF-8
// with a BOM (so Excel reads the accents), `;` separators, money as "1234,56", lists joined by `|`,
// fitment written by full vehicle version. Produced page by page (keyset on id), as a stream of chunks.
import { sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { spreadsheetCsv } from '#src/platform/spreadsheet-csv.server.ts';
import { formatCompatibility } from '#src/domain/fitment/compatibility-text.ts';
import { loadFleet } from '#src/domain/fitment/fleet.server.ts';
import { packageFields } from '../package-input.ts';
import { fiscalFields } from '../fiscal.ts';
import type { FiscalUnit } from '../fiscal.ts';
import { COLUMNS, formatMoneyCell } from './format.ts';
import type { ProductSheetColumns } from './format.ts';

const PAGE = 2000;

interface ExportRow extends ProductSheetColumns {
  fitments: { v: number; f: number; t: number }[] | null;
  photo_source: string | null;
}

export async function* exportCatalogCsv(db: Db): AsyncGenerator<string> {
  const fleet = await loadFleet(db);
  yield '\uFEFF' + spreadsheetCsv([[...COLUMNS]]);
  let after = 0;
  for (;;) {
    const res = (await db.execute(sql`
      select p.id, p.ref_code, p.title, p.description, p.brand, p.category, p.vehicle_type, p.condition, p.price_cents, p.old_price_cents,
        p.on_sale, p.stock, p.oem_codes, p.equivalent_codes, p.shipping_weight_grams, p.shipping_height_cm, p.shipping_width_cm, p.shipping_length_cm, p.ncm, p.origem, p.cest, p.unit,
        (select json_agg(json_build_object('v', f.vehicle_id, 'f', f.year_from, 't', f.year_to)) from product_fitments f where f.product_id = p.id) as fitments,
        coalesce((select array_agg(u.vehicle_type order by u.vehicle_type) from product_universal_fitments u where u.product_id = p.id), '{}') as universal,
        (select ip.source_url from product_images i join imported_photos ip on ip.url = i.url where i.product_id = p.id and i.position = 0 limit 1) as photo_source
      from products p where p.id > ${after} order by p.id limit ${PAGE}`)) as unknown as { rows: ExportRow[] };
    if (res.rows.length === 0) return;
    const records = res.rows.map((p) => [
      p.ref_code,
      p.title,
      p.description,
      p.brand,
      p.category,
      p.vehicle_type,
      p.condition,
      formatMoneyCell(p.price_cents),
      formatMoneyCell(p.on_sale ? p.old_price_cents : null),
      Number(p.stock),
      p.oem_codes.join('|'),
      p.equivalent_codes.join('|'),
      formatCompatibility({ rows: (p.fitments ?? []).map((f) => ({ vehicleId: f.v, yearFrom: f.f, yearTo: f.t })), universal: p.universal as never }, fleet),
      p.photo_source ?? '',
      ...Object.values(
        packageFields({
          weightGrams: p.shipping_weight_grams ?? 0,
          heightCm: p.shipping_height_cm ?? undefined,
          widthCm: p.shipping_width_cm ?? undefined,
          lengthCm: p.shipping_length_cm ?? undefined,
        }),
      ),
      ...Object.values(fiscalFields({ ncm: p.ncm, origem: Number(p.origem), cest: p.cest, unit: p.unit as FiscalUnit })),
    ]);
    yield spreadsheetCsv(records); // titles and descriptions are sellers' text: never a formula
    after = Number(res.rows[res.rows.length - 1]!.id);
    if (res.rows.length < PAGE) return;
  }
}
