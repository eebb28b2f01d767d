// Vehicle API: the cascading choices of "Qual é o seu veículo?" and a product's compatibility list.
import { Hono } from 'hono';
import type { Db } from '#src/db/client.server.ts';
import { getProduct } from '#src/domain/catalog/products.server.ts';
import { loadFleet } from '#src/domain/fitment/fleet.server.ts';
import { productFitment } from '#src/domain/fitment/repository.server.ts';
import { compatibilityTable, verdict } from '#src/domain/fitment/rules.ts';
import { checkVehicleYear, nextOptions, resolveSelection, vehicleYearSchema } from '#src/domain/fitment/selector.ts';
import { fullLabel } from '#src/domain/fitment/vehicles.ts';
import { apiError, searchParamsOf } from '../http.ts';

const SELECTION_KEYS = ['tipo', 'marca', 'modelo', 'ano', 'versao'] as const;

export function vehiclesApi(getDb: () => Db) {
  const api = new Hono();

  api.get('/vehicles', async (c) => {
    const params = searchParamsOf(c);
    const input = Object.fromEntries(SELECTION_KEYS.filter((k) => params.has(k)).map((k) => [k, params.get(k)!]));
    const resolved = resolveSelection(await loadFleet(getDb()), input, 'strict');
    if (!resolved.ok) return apiError(c, 400, resolved.message);
    const { level, options } = nextOptions(resolved.state);
    const chosen = resolved.state.selection.version;
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({
      level,
      options,
      vehicle: chosen ? { id: chosen.id, label: fullLabel(chosen), yearFrom: chosen.yearFrom, yearTo: chosen.yearTo } : null,
    });
  });

  api.get('/vehicles/:id', async (c) => {
    const raw = c.req.param('id');
    if (!/^\d{1,9}$/.test(raw)) return apiError(c, 400, 'Identificador de veículo inválido.');
    const vehicle = (await loadFleet(getDb())).byId.get(Number(raw));
    if (!vehicle) return apiError(c, 404, 'Veículo não encontrado.');
    return c.json({ ...vehicle, label: fullLabel(vehicle) });
  });

  /** GET /api/products/:id/fitment[?vehicle=&ano=]: where the product fits and, if asked, whether it fits one vehicle. */
  api.get('/products/:id/fitment', async (c) => {
    const raw = c.req.param('id');
    if (!/^\d{1,10}$/.test(raw)) return apiError(c, 400, 'Identificador de produto inválido.');
    const db = getDb();
    const product = await getProduct(db, Number(raw));
    if (!product) return apiError(c, 404, 'Produto não encontrado.');
    const params = searchParamsOf(c);
    const parsed = vehicleYearSchema.safeParse({ vehicle: params.get('vehicle') ?? undefined, ano: params.get('ano') ?? undefined });
    if (!parsed.success) return apiError(c, 400, parsed.error.issues[0]?.message ?? 'Parâmetros inválidos.');
    const { vehicle: vehicleId, ano: year } = parsed.data;
    const fitment = await productFitment(db, product.id);
    let answer = null;
    if (vehicleId !== null) {
      const check = checkVehicleYear(await loadFleet(db), vehicleId, year);
      if (!check.ok) return apiError(c, 400, check.message);
      const v = verdict(fitment, { vehicles: [check.vehicle], year });
      answer = { vehicle: { id: check.vehicle.id, label: fullLabel(check.vehicle, year) }, fits: v.fits, how: v.fits ? v.how : null };
    }
    return c.json({
      productId: product.id,
      universal: fitment.universalTypes,
      vehicles: compatibilityTable(fitment.rows),
      answer,
    });
  });

  return api;
}
