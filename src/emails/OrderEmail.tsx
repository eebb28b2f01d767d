// The HTML part of the order e-mails. The words come worded from the orders domain (src/domain/orders/
// emails.ts, `OrderMailHtml`); this only lays them out, and React escapes every text and attribute.
import type { OrderMailHtml } from '../domain/orders/emails.ts';
import { EmailPage } from './EmailPage.tsx';

const ORDER_LINK_LABEL = 'Acompanhar pedido';

export function OrderEmail({ mail }: { mail: OrderMailHtml }) {
  return mail.kind === 'confirmation' ? <ConfirmationEmail mail={mail} /> : <StatusEmail mail={mail} />;
}

function ConfirmationEmail({ mail }: { mail: Extract<OrderMailHtml, { kind: 'confirmation' }> }) {
  return (
    <EmailPage title={mail.title} link={{ href: mail.orderUrl, label: ORDER_LINK_LABEL }}>
      <p>{mail.intro}</p>
      <ul>
        {mail.lines.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
      <p>
        <strong>{mail.total}</strong>
        {` (${mail.payment})`}
      </p>
      {mail.instructions ? <pre style={{ whiteSpace: 'pre-wrap', background: '#f5f5f5', padding: '8px' }}>{mail.instructions}</pre> : null}
      {mail.buyer ? <p>{mail.buyer}</p> : null}
    </EmailPage>
  );
}

function StatusEmail({ mail }: { mail: Extract<OrderMailHtml, { kind: 'status' }> }) {
  return (
    <EmailPage title={mail.title} link={{ href: mail.orderUrl, label: ORDER_LINK_LABEL }}>
      {mail.paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
      {mail.tracking ? (
        <p>
          {'Código de rastreio (Correios): '}
          <a href={mail.tracking.url}>{mail.tracking.code}</a>
        </p>
      ) : null}
    </EmailPage>
  );
}
