// The forms that now save: "Cadastrar Cliente", "Informações", "Cadastrar Vendedor" and "CriarFormulario" —
// every field required, masks while typing, CPF check digits, pt-BR errors next to each field.
import { expect, fillPersonForm, newVisitor, notice, person, createAccount, signUp, test, uniqueEmail, validCpf } from './accounts-helpers.ts';
import { waitForHydration } from './helpers.ts';

// Whole flows (several pages, a second browser, the admin) on a shared 2-core machine: more time than the default.
test.describe.configure({ timeout: 90_000 });

const REQUIRED = ['Informe o nome completo.', 'Informe o e-mail.', 'Informe o CPF.', 'Informe o celular.', 'Informe o endereço.', 'Informe o bairro.', 'Informe a cidade.', 'Informe o CEP.'];

test('Cadastrar Cliente: obrigatórios, máscaras, CPF inválido, salvo no perfil e mostrado em Informações', async ({ page }) => {
  await signUp(page, { email: uniqueEmail('cliente'), name: 'Olívia Cadastro Reis' });
  await page.locator('footer').getByRole('link', { name: 'Cadastrar Cliente' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cadastrar Cliente' })).toBeVisible();
  await waitForHydration(page);
  // Name and e-mail come from the account; empty the rest and the name to see every message.
  await page.getByLabel('Nome completo', { exact: true }).fill('');
  await page.getByLabel('E-mail', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Salvar cadastro' }).click();
  for (const message of REQUIRED) await expect(page.getByText(message, { exact: true })).toBeVisible();

  // Masks as the shopper types digits.
  await page.getByLabel('CPF', { exact: true }).pressSequentially('12345678900');
  await expect(page.getByLabel('CPF', { exact: true })).toHaveValue('123.456.789-00');
  await page.getByLabel('Celular', { exact: true }).pressSequentially('1198765432');
  await expect(page.getByLabel('Celular', { exact: true })).toHaveValue('(11) 9876-5432');
  await page.getByLabel('CEP', { exact: true }).pressSequentially('1301500');
  await expect(page.getByLabel('CEP', { exact: true })).toHaveValue('13015-00');
  await page.getByLabel('Nome completo', { exact: true }).fill('Olívia Cadastro Reis');
  await page.getByLabel('E-mail', { exact: true }).fill('olivia@@exemplo');
  await page.getByRole('button', { name: 'Salvar cadastro' }).click();
  await expect(page.getByText('CPF inválido: confira os números digitados.')).toBeVisible();
  await expect(page.getByText('E-mail inválido.')).toBeVisible();
  await expect(page.getByText('Celular inválido. Use o formato (00) 00000-0000.')).toBeVisible();
  await expect(page.getByText('CEP inválido. Use o formato 00000-000.')).toBeVisible();

  const cpf = validCpf();
  await fillPersonForm(page, person({ nome: 'Olívia Cadastro Reis', cpf, email: 'olivia@exemplo.test' }));
  await page.getByRole('button', { name: 'Salvar cadastro' }).click();
  await expect(notice(page)).toHaveText('Dados salvos com sucesso!');
  await expect(page.getByRole('heading', { level: 1, name: 'Informações pessoais' })).toBeVisible();
  const saved = page.getByRole('region', { name: 'Seus dados' });
  await expect(saved).toContainText(`${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`);
  await expect(saved).toContainText('(11) 98765-4321');
  await expect(saved).toContainText('13015-001');

  // "Informações" edits the same data.
  await page.getByLabel('Cidade', { exact: true }).fill('Valinhos');
  await page.getByRole('button', { name: 'Salvar informações' }).click();
  await expect(notice(page)).toHaveText('Dados salvos com sucesso!');
  await expect(saved).toContainText('Valinhos');
});

test('um CPF já usado por outra conta recebe uma mensagem clara (cliente e vendedor)', async ({ page, browser }) => {
  const cpf = validCpf();
  await createAccount(page, { email: uniqueEmail('primeiro'), name: 'Primeiro Dono' });
  await page.goto('/CustomerForm');
  await waitForHydration(page);
  await fillPersonForm(page, person({ cpf }));
  await page.getByRole('button', { name: 'Salvar cadastro' }).click();
  await expect(notice(page)).toHaveText('Dados salvos com sucesso!');

  const other = await newVisitor(browser);
  await createAccount(other.page, { email: uniqueEmail('segundo'), name: 'Segundo Dono' });
  for (const [path, button] of [
    ['/CustomerForm', 'Salvar cadastro'],
    ['/SellerForm', 'Enviar pedido para vender'],
  ] as const) {
    await other.page.goto(path);
    await waitForHydration(other.page);
    await fillPersonForm(other.page, person({ cpf }));
    await other.page.getByRole('button', { name: button }).click();
    await expect(other.page.getByText('Este CPF já está cadastrado em outra conta.')).toBeVisible();
  }
  await other.context.close();
});

test('Cadastrar Vendedor: campos obrigatórios, pedido salvo em análise', async ({ page }) => {
  await page.goto('/SellerForm');
  await expect(page).toHaveURL(/\/Login\?redirectTo=%2FSellerForm/);
  await createAccount(page, { email: uniqueEmail('candidato'), name: 'Caio Candidato' });
  await page.goto('/SellerForm');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Cadastrar Vendedor' })).toBeVisible();
  await page.getByLabel('Nome completo', { exact: true }).fill('');
  await page.getByLabel('E-mail', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Enviar pedido para vender' }).click();
  for (const message of REQUIRED) await expect(page.getByText(message, { exact: true })).toBeVisible();
  await fillPersonForm(page, person({ nome: 'Caio Candidato Melo' }));
  await page.getByRole('button', { name: 'Enviar pedido para vender' }).click();
  await expect(notice(page)).toHaveText('Pedido para vender enviado! Avisaremos quando for analisado.');
  await page.goto('/SellerForm');
  await expect(page.getByText(/Seu pedido para vender está em análise/)).toBeVisible();
});

test('CriarFormulario: dados pessoais e de entrega salvos como endereço', async ({ page }) => {
  await createAccount(page, { email: uniqueEmail('entrega'), name: 'Davi Entrega Lopes' });
  await page.goto('/CriarFormulario');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Dados pessoais e de entrega' })).toBeVisible();
  await page.getByLabel('Nome completo', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Salvar endereço' }).click();
  for (const message of ['Informe o nome completo.', 'Informe o celular.', 'Informe o CEP.', 'Informe a rua.', 'Informe o número.', 'Informe o bairro.', 'Informe a cidade.', 'Escolha o estado.']) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel('Nome completo', { exact: true }).fill('Davi Entrega Lopes');
  await page.getByLabel('Celular', { exact: true }).pressSequentially('21987651234');
  await page.getByLabel('CEP', { exact: true }).pressSequentially('20040020');
  await page.getByLabel('Rua', { exact: true }).fill('Av. Rio Branco');
  await page.getByLabel('Número', { exact: true }).fill('156');
  await page.getByLabel('Complemento (opcional)', { exact: true }).fill('Sala 1201');
  await page.getByLabel('Bairro', { exact: true }).fill('Centro');
  await page.getByLabel('Cidade', { exact: true }).fill('Rio de Janeiro');
  await page.getByLabel('Estado', { exact: true }).selectOption('RJ');
  await page.getByRole('button', { name: 'Salvar endereço' }).click();
  await expect(notice(page)).toHaveText('Endereço salvo com sucesso!');
  const list = page.getByRole('region', { name: 'Seus endereços' });
  await expect(list).toContainText('Av. Rio Branco, 156 - Sala 1201');
  await expect(list).toContainText('Centro, Rio de Janeiro - RJ, CEP 20040-020');
  await expect(list).toContainText('Principal');
  // The checkout can read it for the signed-in shopper.
  const api = await page.request.get('/api/account/addresses');
  expect(((await api.json()) as { items: { street: string; state: string }[] }).items[0]).toMatchObject({ street: 'Av. Rio Branco', state: 'RJ' });
});
