import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/config/env.ts';
import { DEFAULT_DATABASE_LIMITS, requestClass } from './database-scope.ts';

const limits = { statementTimeoutMs: 5000, orderStatementTimeoutMs: 15_000, backofficeStatementTimeoutMs: 60_000 };

describe('the database terms of a request', () => {
  it('puts the health check and the order path in the priority lane, with the order timeout for orders', () => {
    expect(requestClass('GET', '/readyz', limits)).toEqual({ lane: 'priority', statementTimeoutMs: 5000 });
    for (const path of ['/api/orders', '/orders', '/api/orders/123456/pay', '/api/payments/webhook', '/api/payments/mercadopago/webhook', '/Checkout', '/Checkout.data', '/ConfirmarCompra.data']) {
      expect(requestClass('POST', path, limits), path).toEqual({ lane: 'priority', statementTimeoutMs: 15_000 });
    }
  });

  it('keeps reads of the order path, pages and the rest of the API in the shared lane with the shop timeout', () => {
    for (const [method, path] of [['GET', '/api/orders'], ['GET', '/Checkout'], ['GET', '/ProductList'], ['GET', '/api/products'], ['POST', '/api/auth/sign-in/email'], ['POST', '/Login']]) {
      expect(requestClass(method!, path!, limits), `${method} ${path}`).toEqual({ lane: 'shared', statementTimeoutMs: 5000 });
    }
  });

  it('gives the back office, its exports included, the longer timeout', () => {
    for (const path of ['/Admin', '/Admin/Pedidos/exportar.csv', '/Admin/Produtos/exportar.csv', '/admin/importar.data']) {
      expect(requestClass('GET', path, limits), path).toEqual({ lane: 'shared', statementTimeoutMs: 60_000 });
    }
    expect(requestClass('GET', '/Administrador', limits).statementTimeoutMs).toBe(5000);
  });

  it('defaults to the same limits as the configuration', () => {
    const env = parseEnv({ NODE_ENV: 'development' });
    expect(DEFAULT_DATABASE_LIMITS).toEqual({ statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS, orderStatementTimeoutMs: env.DB_ORDER_STATEMENT_TIMEOUT_MS, backofficeStatementTimeoutMs: env.DB_BACKOFFICE_STATEMENT_TIMEOUT_MS });
  });
});
