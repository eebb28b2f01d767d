import { index, route } from '@react-router/dev/routes';
import type { RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('ProductList', 'routes/product-list.tsx'),
  route('ProductView/:id?', 'routes/product-view.tsx'),
  route('garagem', 'routes/garage.tsx'),
  route('Cart', 'routes/cart.tsx'),
  route('Checkout', 'routes/checkout.tsx'),
  route('ConfirmarCompra', 'routes/confirm-purchase.tsx'),
  route('Sucesso', 'routes/success.tsx'),
  route('Pedidos', 'routes/order-history.tsx', { id: 'pedidos' }),
  route('HistoricoPedidos', 'routes/order-history.tsx', { id: 'historico-pedidos' }),
  route('Pedidos/:number', 'routes/order.tsx'),
  route('Pedidos/:number/boleto', 'routes/boleto.tsx'),
  route('sobre-nos', 'routes/content.tsx', { id: 'sobre-nos' }),
  route('seguranca', 'routes/content.tsx', { id: 'seguranca' }),
  route('blog', 'routes/content.tsx', { id: 'blog' }),
  route('trabalhe-conosco', 'routes/content.tsx', { id: 'trabalhe-conosco' }),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
