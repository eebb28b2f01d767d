// Tracking inside the store: a periodic job asks the shipping provider about the shipped orders' shipments
// and writes each carrier event once into the order's timeline (order_events, "tracking", keyed per event).
// The carrier's delivered event moves the order to "Entregue" through the status machine, with its e-mail.
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import type { ShipmentStatus, ShippingProvider } from '../shipping/provider.ts';
import { moveLockedOrder } from './orders.server.ts';
import { orderEvents, orderShipments, orders } from './schema.ts';
import type { JobQueue } from '#src/platform/job-queue.ts';

export const TRACK_SHIPMENTS_JOB = 'shipping.track';
/** Every 30 minutes (carriers update a few times a day). */
export const TRACK_SHIPMENTS_CRON = '*/30 * * * *';
const BATCH = 100;

/** The note a carrier's delivery writes on the timeline. */
export const DELIVERED_NOTE = 'Entregue, segundo a transportadora.';

/** One pass: the shipped orders tracked longest ago (up to 100), their new events written, deliveries moved. */
/** `jobs`: the job queue (a job's context, Services.jobs) for the "Entregue" e-mail; null: the e-mail sweep. */
export async function pollShipmentTracking(db: Db, provider: ShippingProvider, jobs: JobQueue | null, now = new Date()): Promise<{ events: number; delivered: number }> {
  const counts = { events: 0, delivered: 0 };
  if (!provider.track) return counts;
  const rows = await db
    .select({ orderId: orderShipments.orderId, shipmentId: orderShipments.shipmentId })
    .from(orderShipments)
    .innerJoin(orders, eq(orders.id, orderShipments.orderId))
    .where(and(eq(orders.status, 'shipped'), eq(orderShipments.provider, provider.name), isNotNull(orderShipments.purchasedAt), isNotNull(orderShipments.shipmentId)))
    .orderBy(sql`${orderShipments.trackedAt} asc nulls first`, asc(orderShipments.orderId))
    .limit(BATCH);
  if (rows.length === 0) return counts;
  const statuses = await provider.track(rows.map((r) => r.shipmentId!));
  for (const r of rows) {
    const status = statuses.get(r.shipmentId!);
    const applied = await applyShipmentStatus(db, r.orderId, status, jobs, now);
    counts.events += applied.events;
    counts.delivered += applied.delivered;
  }
  return counts;
}

/**
 * Writes what the carrier said about one order's shipment (polled, or pushed by the signed webhook): each
 * event not yet on the timeline, and "Entregue" on the delivered event. Repeating it changes nothing.
 */
export async function applyShipmentStatus(db: Db, orderId: number, status: ShipmentStatus | undefined, jobs: JobQueue | null, now = new Date()): Promise<{ events: number; delivered: number }> {
  return db.transaction(async (tx) => {
    const counts = { events: 0, delivered: 0 };
    await tx.update(orderShipments).set({ trackedAt: now }).where(eq(orderShipments.orderId, orderId));
    if (!status) return counts;
    const events = status.events.filter((e) => e.status !== 'delivered');
    if (events.length > 0) {
      const written = await tx
        .insert(orderEvents)
        .values(events.map((e) => ({ orderId, status: 'tracking', note: e.description, externalKey: e.key, createdAt: e.at })))
        .onConflictDoNothing()
        .returning({ id: orderEvents.id });
      counts.events = written.length;
    }
    const delivered = status.events.find((e) => e.status === 'delivered');
    if (!delivered) return counts;
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
    if (row?.status !== 'shipped') return counts;
    const moved = await moveLockedOrder(tx, row, 'delivered', { note: DELIVERED_NOTE, now: delivered.at, jobs });
    if (moved.ok) counts.delivered = 1;
    return counts;
  });
}

/** applyShipmentStatus for a provider's shipment id (the webhook); false when no order holds that shipment. */
export async function applyShipmentStatusById(db: Db, provider: ShippingProvider['name'], shipmentId: string, status: ShipmentStatus, jobs: JobQueue | null): Promise<boolean> {
  const [row] = await db
    .select({ orderId: orderShipments.orderId })
    .from(orderShipments)
    .where(and(eq(orderShipments.provider, provider), eq(orderShipments.shipmentId, shipmentId)))
    .limit(1);
  if (!row) return false;
  await applyShipmentStatus(db, row.orderId, status, jobs);
  return true;
}

/** Whether an order's delivery is the carrier's to tell (a label bought from a provider that tracks). */
export async function deliveryTrackedByCarrier(db: Db, orderNumbers: string[], provider: ShippingProvider): Promise<Set<string>> {
  if (!provider.track || orderNumbers.length === 0) return new Set();
  const rows = await db
    .select({ number: orders.number })
    .from(orderShipments)
    .innerJoin(orders, eq(orders.id, orderShipments.orderId))
    .where(and(inArray(orders.number, orderNumbers), eq(orderShipments.provider, provider.name), isNotNull(orderShipments.purchasedAt)));
  return new Set(rows.map((r) => r.number));
}
