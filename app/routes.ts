import { index, route } from '@react-router/dev/routes';
import type { RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('ProductList', 'routes/product-list.tsx'),
  route('ProductView/:id?', 'routes/product-view.tsx'),
  route('Cart', 'routes/cart.tsx'),
  // Accounts: sign-in, sign-up, password reset, the shopper's own pages.
  route('Login', 'routes/account/login.tsx'),
  route('Login/social', 'routes/account/login-social.tsx'),
  route('Registrar', 'routes/account/register.tsx'),
  route('EsqueciSenha', 'routes/account/forgot-password.tsx'),
  route('RedefinirSenha', 'routes/account/reset-password.tsx'),
  route('Sair', 'routes/account/logout.tsx'),
  route('MinhaConta', 'routes/account/my-account.tsx'),
  route('Informacoes', 'routes/account/personal-info.tsx'),
  route('CustomerForm', 'routes/account/customer-form.tsx'),
  route('CriarFormulario', 'routes/account/addresses.tsx'),
  // Sellers and the back office.
  route('SellerForm', 'routes/seller/seller-form.tsx'),
  route('CriarProduto', 'routes/seller/product-create.tsx'),
  route('MeusProdutos', 'routes/seller/my-products.tsx'),
  route('MeusProdutos/:id', 'routes/seller/product-edit.tsx'),
  route('Admin/Vendedores', 'routes/admin/seller-applications.tsx'),
  route('sobre-nos', 'routes/content.tsx', { id: 'sobre-nos' }),
  route('seguranca', 'routes/content.tsx', { id: 'seguranca' }),
  route('blog', 'routes/content.tsx', { id: 'blog' }),
  route('trabalhe-conosco', 'routes/content.tsx', { id: 'trabalhe-conosco' }),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
