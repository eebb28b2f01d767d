// Accounts as a shopper in Chromium: sign-up, sign-in/out, errors, password reset by e-mail, Google and
// Facebook through the fake provider, the rate limit, the cart across two browsers, LGPD download and deletion.
import { BASE_URL, expect, newVisitor, notice, PASSWORD, readMail, signIn, signOut, signUp, test, uniqueEmail } from './accounts-helpers.ts';
import { cartBadge, waitForHydration } from './helpers.ts';

// Whole flows (several pages, a second browser, the admin) on a shared 2-core machine: more time than the default.
test.describe.configure({ timeout: 90_000 });

test('cadastro com nome completo → cabeçalho com o primeiro nome → sair → entrar → "Login realizado com sucesso!"', async ({ page }) => {
  const email = uniqueEmail('marina');
  await signUp(page, { email, name: 'Marina Alves Prado' });
  await expect(page).toHaveURL(`${BASE_URL}/`);
  const header = page.locator('header');
  await expect(header.getByTestId('primeiro-nome')).toHaveText('Marina');
  await expect(header.getByRole('link', { name: 'Entrar' })).toHaveCount(0);
  await expect(header.getByRole('link', { name: 'Cadastre-se' })).toHaveCount(0);
  await header.locator('summary', { hasText: 'Olá,' }).click();
  await expect(header.getByRole('link', { name: 'Minha conta' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Meus pedidos' })).toHaveAttribute('href', '/Pedidos');
  await expect(header.getByRole('button', { name: 'Sair' })).toBeVisible();
  await header.getByRole('button', { name: 'Sair' }).click();
  await expect(notice(page)).toHaveText('Você saiu da sua conta.');
  await expect(header.getByRole('link', { name: 'Entrar' })).toBeVisible();
  // The notice is shown once, not again on the next page.
  await page.goto('/ProductList');
  await expect(notice(page)).toHaveCount(0);

  await header.getByRole('link', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Acesse sua conta' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Esqueci minha senha' })).toHaveAttribute('href', '/EsqueciSenha');
  await expect(page.getByRole('link', { name: 'Crie sua conta' })).toHaveAttribute('href', '/Registrar');
  await signIn(page, email);
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(header.getByTestId('primeiro-nome')).toHaveText('Marina');
});

test('entrar: mensagens em pt-BR para e-mail inválido, senha vazia e senha errada', async ({ page }) => {
  const email = uniqueEmail('tiago');
  await signUp(page, { email, name: 'Tiago Mendes' });
  await signOut(page);
  await page.goto('/Login');
  await waitForHydration(page);
  const form = page.getByRole('form', { name: 'Entrar com e-mail e senha' });
  await form.getByLabel('E-mail', { exact: true }).fill('nao-e-email');
  await form.getByRole('button', { name: 'Acessar Conta' }).click();
  await expect(form.getByText('E-mail inválido.')).toBeVisible();
  await expect(form.getByText('Informe a senha.')).toBeVisible();
  await expect(form.getByLabel('E-mail', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('E-mail', { exact: true }).fill(email);
  await form.getByLabel('Senha', { exact: true }).fill('senhaErrada999');
  await form.getByRole('button', { name: 'Acessar Conta' }).click();
  await expect(form.getByRole('alert')).toHaveText('E-mail ou senha inválidos.');
  await expect(page).toHaveURL(/\/Login/);
  await expect(page.locator('header').getByRole('link', { name: 'Entrar' })).toBeVisible();
});

test('criar conta: campos obrigatórios, senha curta e e-mail já cadastrado', async ({ page }) => {
  const email = uniqueEmail('bruna');
  await page.goto('/Registrar');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Crie sua conta' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Faça login' })).toHaveAttribute('href', '/Login');
  await page.getByRole('button', { name: 'Criar Conta' }).click();
  await expect(page.getByText('Informe o e-mail.')).toBeVisible();
  await expect(page.getByText('Informe o nome completo.')).toBeVisible();
  await expect(page.getByText('A senha deve ter pelo menos 8 caracteres.')).toBeVisible();
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Nome Completo').fill('Bruna');
  await page.getByLabel('Senha', { exact: true }).fill('curta');
  await page.getByRole('button', { name: 'Criar Conta' }).click();
  await expect(page.getByText('Informe o nome completo (nome e sobrenome).')).toBeVisible();
  await expect(page.getByText('A senha deve ter pelo menos 8 caracteres.')).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);

  await signUp(page, { email, name: 'Bruna Costa' });
  await signOut(page);
  await page.goto('/Registrar');
  await waitForHydration(page);
  await page.getByLabel('E-mail', { exact: true }).fill(email.toUpperCase());
  await page.getByLabel('Nome Completo').fill('Outra Pessoa');
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Criar Conta' }).click();
  await expect(page.getByText('Não foi possível criar a conta com este e-mail. Se você já tem conta, entre ou use “Esqueci minha senha”.')).toBeVisible();
});

test('esqueci minha senha: mesma resposta para qualquer e-mail, link por e-mail válido uma vez, nova senha funciona', async ({ page }) => {
  const email = uniqueEmail('paula');
  await signUp(page, { email, name: 'Paula Rezende' });
  await signOut(page);
  await page.goto('/Login');
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Esqueci minha senha' })).toBeVisible();
  const answer = 'Se houver uma conta com este e-mail, enviamos um link para criar uma nova senha. O link vale por 1 hora.';
  await page.getByLabel('E-mail', { exact: true }).fill(uniqueEmail('ninguem'));
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByRole('status').filter({ hasText: answer })).toBeVisible();

  await page.goto('/EsqueciSenha');
  await waitForHydration(page);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByRole('status').filter({ hasText: answer })).toBeVisible();

  const mail = await readMail(email);
  expect(mail).toContain('Olá, Paula!');
  expect(mail).toContain('O link vale por 1 hora e só pode ser usado uma vez.');
  const link = /http:\/\/127\.0\.0\.1:\d+\/RedefinirSenha\?token=[A-Za-z0-9_-]+/.exec(mail)?.[0];
  expect(link).toBeTruthy();

  await page.goto(link!);
  await waitForHydration(page);
  await page.getByLabel('Nova senha', { exact: true }).fill('curta');
  await page.getByLabel('Repita a nova senha').fill('outra');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByText('A senha deve ter pelo menos 8 caracteres.')).toBeVisible();
  await page.getByLabel('Nova senha', { exact: true }).fill('minhaNovaSenha1');
  await page.getByLabel('Repita a nova senha').fill('minhaNovaSenha1');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(notice(page)).toHaveText('Senha alterada com sucesso! Você já pode entrar com a nova senha.');
  await expect(page).toHaveURL(/\/Login$/);

  // The same link again: refused.
  await page.goto(link!);
  await waitForHydration(page);
  await page.getByLabel('Nova senha', { exact: true }).fill('terceiraSenha1');
  await page.getByLabel('Repita a nova senha').fill('terceiraSenha1');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByRole('alert')).toContainText('Este link para criar uma nova senha é inválido, já foi usado ou expirou.');

  await signIn(page, email, 'minhaNovaSenha1');
});

test('entrar com Google pelo provedor de teste (OpenID Connect) e voltar à página que pediu o login', async ({ page }) => {
  const email = uniqueEmail('google');
  await page.goto('/CustomerForm');
  await expect(page).toHaveURL(/\/Login\?redirectTo=%2FCustomerForm/);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Entrar com Google' }).click();
  await expect(page.getByRole('heading', { name: 'Entrar com Google (teste)' })).toBeVisible();
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Nome').fill('Gabriela Google Souza');
  await page.getByRole('button', { name: 'Autorizar' }).click();
  await expect(notice(page)).toHaveText('Login com Google realizado!');
  await expect(page).toHaveURL(`${BASE_URL}/CustomerForm`);
  await expect(page.locator('header').getByTestId('primeiro-nome')).toHaveText('Gabriela');
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
});

test('entrar com Facebook pelo provedor de teste; cancelar mostra a mensagem em pt-BR', async ({ page }) => {
  await page.goto('/Login');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Entrar com Facebook' }).click();
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Você cancelou o login com Facebook.');
  await page.getByRole('button', { name: 'Entrar com Facebook' }).click();
  await page.getByLabel('E-mail', { exact: true }).fill(uniqueEmail('facebook'));
  await page.getByLabel('Nome').fill('Fernando Face');
  await page.getByRole('button', { name: 'Autorizar' }).click();
  await expect(notice(page)).toHaveText('Login com Facebook realizado!');
  await expect(page.locator('header').getByTestId('primeiro-nome')).toHaveText('Fernando');
});

test('a 11ª senha errada em um minuto recebe 429 com mensagem em pt-BR', async ({ page, request }) => {
  const email = uniqueEmail('alvo');
  await signUp(page, { email, name: 'Alvo Teste' });
  await signOut(page);
  // Ten wrong passwords from ten different addresses: the limit per e-mail.
  for (let i = 1; i <= 10; i++) {
    const res = await request.post('/api/auth/sign-in/email', {
      headers: { Origin: BASE_URL, 'X-Forwarded-For': `10.200.${i}.1` },
      data: { email, password: `errada-${i}-123` },
    });
    expect(res.status(), `tentativa ${i}`).toBe(401);
  }
  const api = await request.post('/api/auth/sign-in/email', { headers: { Origin: BASE_URL, 'X-Forwarded-For': '10.200.11.1' }, data: { email, password: 'errada-11-123' } });
  expect(api.status()).toBe(429);
  expect(await api.json()).toMatchObject({ message: 'Muitas tentativas. Aguarde um minuto e tente novamente.' });
  // The page form, without JavaScript's help: the same 429 and message.
  const form = await request.post('/Login', { headers: { Origin: BASE_URL }, form: { email, password: PASSWORD, intent: 'senha', redirectTo: '' } });
  expect(form.status()).toBe(429);
  expect(await form.text()).toContain('Muitas tentativas. Aguarde um minuto e tente novamente.');
  await page.goto('/Login');
  await waitForHydration(page);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Acessar Conta' }).click();
  await expect(page.getByRole('alert')).toHaveText('Muitas tentativas. Aguarde um minuto e tente novamente.');
});

test('um formulário de outro site é recusado (verificação de origem)', async ({ request }) => {
  const res = await request.post('/Login', { headers: { Origin: 'https://site-malicioso.example' }, form: { email: 'a@b.co', password: 'x', intent: 'senha' } });
  expect(res.status()).toBe(403);
  expect(await res.text()).toContain('Envio recusado');
});

test('entrar funciona sem JavaScript', async ({ browser }) => {
  const { context: setup, page: first } = await newVisitor(browser);
  const email = uniqueEmail('semjs');
  await signUp(first, { email, name: 'Sem Script' });
  await setup.close();
  const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false, extraHTTPHeaders: { 'X-Forwarded-For': '10.99.1.1' } });
  const page = await context.newPage();
  await page.goto('/Login');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('errada1234');
  await page.getByRole('button', { name: 'Acessar Conta' }).click();
  await expect(page.getByRole('alert')).toHaveText('E-mail ou senha inválidos.');
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Acessar Conta' }).click();
  await expect(notice(page)).toHaveText('Login realizado com sucesso!');
  await expect(page.locator('header').getByTestId('primeiro-nome')).toHaveText('Sem');
  await context.close();
});

test('o carrinho acompanha a conta entre dois navegadores (mesma linha: quantidades somam)', async ({ page, browser }) => {
  const email = uniqueEmail('carrinho');
  await signUp(page, { email, name: 'Carla Carrinho' });
  // Browser A, signed in: one unit of product 2.
  await page.goto('/ProductView/2');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Comprar' }).click();
  await expect(cartBadge(page)).toHaveText('1');
  // Give the save a moment to reach the server before the other browser signs in.
  await expect.poll(async () => (await (await page.request.get('/api/account/cart')).json()).items.length).toBe(1);

  // Browser B, a guest: product 2 (two units) and product 3, then signs in.
  const b = await newVisitor(browser);
  await b.page.goto('/ProductView/2');
  await waitForHydration(b.page);
  await b.page.getByRole('button', { name: 'Comprar' }).click();
  await b.page.getByRole('button', { name: 'Comprar' }).click();
  await b.page.goto('/ProductView/3');
  await waitForHydration(b.page);
  await b.page.getByRole('button', { name: 'Comprar' }).click();
  await expect(cartBadge(b.page)).toHaveText('3');
  await signIn(b.page, email);
  await expect(cartBadge(b.page)).toHaveText('4');
  const stored = await b.page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as { id: number; quantity: number }[]);
  expect(stored.map((l) => [l.id, l.quantity])).toEqual([
    [2, 3],
    [3, 1],
  ]);

  // Browser A sees the merged cart on its next page load.
  await page.reload();
  await waitForHydration(page);
  await expect(cartBadge(page)).toHaveText('4');

  // Signing out in B takes the account's cart off that browser.
  await signOut(b.page);
  await expect(cartBadge(b.page)).toHaveCount(0);
  await b.context.close();
});

test('o que o cliente põe no carrinho enquanto o login junta os carrinhos não se perde', async ({ page, browser }) => {
  const email = uniqueEmail('juntando');
  const setup = await newVisitor(browser);
  await signUp(setup.page, { email, name: 'Joana Juntando' });
  await setup.context.close();
  // A guest with product 3 signs in and lands on product 2; the merge's answer is held back while she buys it.
  await page.goto('/ProductView/3');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Comprar' }).click();
  await expect(cartBadge(page)).toHaveText('1');
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let merging = false;
  await page.route('**/api/account/cart/merge', async (route) => {
    merging = true;
    const answer = await route.fetch();
    await held;
    await route.fulfill({ response: answer });
  });
  await page.goto('/Login?redirectTo=%2FProductView%2F2');
  await waitForHydration(page);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Acessar Conta' }).click();
  await expect(page).toHaveURL(/\/ProductView\/2$/);
  await expect.poll(() => merging).toBe(true);
  await page.getByRole('button', { name: 'Comprar' }).click();
  await expect(cartBadge(page)).toHaveText('2');
  release();
  // Both products stay, in this browser and on the account.
  await expect.poll(async () => (await (await page.request.get('/api/account/cart')).json()).items.map((l: { id: number }) => l.id).sort()).toEqual([2, 3]);
  await expect(cartBadge(page)).toHaveText('2');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as { id: number; quantity: number }[]);
  expect(stored.map((l) => [l.id, l.quantity]).sort()).toEqual([
    [2, 1],
    [3, 1],
  ]);
});

test('minha conta: baixar meus dados (JSON) e excluir a conta', async ({ page }) => {
  const email = uniqueEmail('lgpd');
  await signUp(page, { email, name: 'Lia Guarda Dados' });
  await page.locator('header summary', { hasText: 'Olá,' }).click();
  await page.locator('header').getByRole('link', { name: 'Minha conta' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Baixar meus dados (JSON)' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('meus-dados-olimpo-pecas.json');
  const data = JSON.parse(await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8')) as { conta: { email: string; nome: string } };
  expect(data.conta).toMatchObject({ email, nome: 'Lia Guarda Dados' });

  await page.getByText('Excluir minha conta', { exact: true }).first().click();
  await page.getByRole('button', { name: 'Excluir minha conta' }).click();
  await expect(page.getByRole('alert')).toHaveText('Para excluir, digite EXCLUIR no campo de confirmação.');
  await page.getByLabel('Confirmação').fill('EXCLUIR');
  await page.getByRole('button', { name: 'Excluir minha conta' }).click();
  await expect(notice(page)).toHaveText('Sua conta foi excluída. Seus dados pessoais foram apagados.');
  await expect(page.locator('header').getByRole('link', { name: 'Entrar' })).toBeVisible();
  // The account is gone: signing in fails.
  await page.goto('/Login');
  await waitForHydration(page);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Acessar Conta' }).click();
  await expect(page.getByRole('alert')).toHaveText('E-mail ou senha inválidos.');
});
