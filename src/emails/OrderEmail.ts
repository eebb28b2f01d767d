// The HTML part of the order e-mails. The words come worded from the orders domain (src/domain/orders/
// emails.ts, `OrderMailHtml`); this only lays them out, and React escapes every text and attribute.
import { createElement as h, Fragment } from 'react';
import type { OrderMailHtml } from '../domain/orders/emails.ts';
import { EmailPage } from './EmailPage.ts';

const ORDER_LINK_LABEL = 'Acompanhar pedido';

type Confirmation = Extract<OrderMailHtml, { kind: 'confirmation' }>;
type Status = Extract<OrderMailHtml, { kind: 'status' }>;

export function OrderEmail({ mail }: { mail: OrderMailHtml }) {
  return mail.kind === 'confirmation' ? h(ConfirmationEmail, { mail }) : h(StatusEmail, { mail });
}

function ConfirmationEmail({ mail }: { mail: Confirmation }) {
  const children = h(
    Fragment,
    null,
    h('p', null, mail.intro),
    h('ul', null, ...mail.lines.map((line, i) => h('li', { key: i }, line))),
    h('p', null, h('strong', null, mail.total), ` (${mail.payment})`),
    mail.instructions ? h('pre', { style: { whiteSpace: 'pre-wrap', background: '#f5f5f5', padding: '8px' } }, mail.instructions) : null,
    mail.buyer ? h('p', null, mail.buyer) : null,
    h('p', null, mail.address),
    h('p', null, mail.delivery),
  );
  return h(EmailPage, { title: mail.title, link: { href: mail.orderUrl, label: ORDER_LINK_LABEL }, children });
}

function StatusEmail({ mail }: { mail: Status }) {
  const children = h(
    Fragment,
    null,
    ...mail.paragraphs.map((p, i) => h('p', { key: i }, p)),
    mail.tracking ? h('p', null, `${mail.tracking.label}: `, h('a', { href: mail.tracking.url }, mail.tracking.code)) : null,
  );
  return h(EmailPage, { title: mail.title, link: { href: mail.orderUrl, label: ORDER_LINK_LABEL }, children });
}
