import { describe, expect, it } from 'vitest';
import { parseEnv } from '#src/config/env.ts';
import { DEFAULT_DATABASE_LIMITS, requestClass } from './database-scope.ts';

const limits = { backofficeStatementTimeoutMs: 60_000 };

describe('the database lane of a request', () => {
  it('puts the order path in the priority lane', () => {
    for (const path of ['/api/orders', '/orders', '/api/orders/123456/pay', '/api/payments/webhook', '/api/payments/mercadopago/webhook', '/Checkout', '/Checkout.data', '/ConfirmarCompra.data']) {
      expect(requestClass('POST', path, limits).lane, path).toBe('priority');
    }
  });

  it('keeps reads of the order path, pages and the rest of the API in the shared lane', () => {
    for (const [method, path] of [
      ['GET', '/api/orders'],
      ['GET', '/Checkout'],
      ['GET', '/ProductList'],
      ['GET', '/api/products'],
      ['POST', '/api/auth/sign-in/email'],
      ['POST', '/Login'],
      ['GET', '/Administrador'],
    ]) {
      expect(requestClass(method!, path!, limits).lane, `${method} ${path}`).toBe('shared');
    }
  });

  it('gives the back office, its exports included, the long lane and its own timeout', () => {
    for (const path of ['/Admin', '/Admin/Pedidos/exportar.csv', '/Admin/Produtos/exportar.csv', '/admin/importar.data']) {
      expect(requestClass('GET', path, limits), path).toEqual({ lane: 'long', statementTimeoutMs: 60_000 });
    }
  });

  it("defaults to the configuration's back-office timeout", () => {
    expect(DEFAULT_DATABASE_LIMITS.backofficeStatementTimeoutMs).toBe(parseEnv({ NODE_ENV: 'development' }).DB_BACKOFFICE_STATEMENT_TIMEOUT_MS);
  });
});
