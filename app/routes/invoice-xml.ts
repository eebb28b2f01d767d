// /Pedidos/:number/nota-fiscal.xml: the nota's XML as a download, with the same access as its DANFE
// (routes/invoice.tsx). In the sandbox it is a homologação XML, unsigned and labelled "SEM VALOR FISCAL".
import { data } from 'react-router';
import type { Route } from './+types/invoice-xml';
import { readInvoice } from '#src/domain/invoicing/read.server.ts';
import { notaXml } from '#src/domain/invoicing/xml.ts';
import { findOrderFor } from '#src/domain/orders/read.server.ts';
import { getViewer } from '../../server/viewer.server.ts';
import { authOf, dbOf, servicesOf } from '../lib/context.server.ts';

export async function loader({ request, params, url, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const order = await findOrderFor(db, params.number, await getViewer(request, authOf(context)), url.searchParams.get('token'), servicesOf(context).cookieSecret);
  if (!order || order.masked) throw data(null, { status: 404 });
  const id = url.searchParams.get('nota');
  if (id !== null && !/^\d{1,9}$/.test(id)) throw data(null, { status: 404 });
  const invoice = await readInvoice(db, order.number, id === null ? undefined : Number(id));
  if (!invoice || !invoice.accessKey || invoice.number === null) throw data(null, { status: 404 });
  const xml = notaXml(invoice.nota, { accessKey: invoice.accessKey, number: invoice.number, series: invoice.series ?? invoice.nota.emitente.series });
  return new Response(xml, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Content-Disposition': `attachment; filename="NFe${invoice.accessKey}.xml"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
