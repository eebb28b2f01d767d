import { describe, expect, it } from 'vitest';
import { addressSchema, authApiInputProblem, fieldErrorsOf, personSchema, resetPasswordSchema, signInSchema, signUpSchema } from './validation.ts';

const valid = {
  nome: 'Ana Maria Souza',
  email: 'Ana@Exemplo.com.br',
  cpf: '123.456.789-09',
  celular: '(11) 98765-4321',
  endereco: 'Rua das Flores, 120',
  bairro: 'Centro',
  cidade: 'São Paulo',
  cep: '01310-100',
};

const errorsOf = (schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? {} : fieldErrorsOf(r.error as never);
};

describe('personSchema (Cadastrar Cliente / Vendedor)', () => {
  it('accepts masked or bare digits and stores digits only', () => {
    expect(personSchema.parse(valid)).toEqual({ ...valid, email: 'ana@exemplo.com.br', cpf: '12345678909', celular: '11987654321', cep: '01310100' });
    expect(personSchema.parse({ ...valid, cpf: '12345678909', celular: '11987654321', cep: '01310100' }).cpf).toBe('12345678909');
  });
  it('requires every field, each with its own pt-BR message', () => {
    expect(errorsOf(personSchema, {})).toEqual({
      nome: 'Informe o nome completo.',
      email: 'Informe o e-mail.',
      cpf: 'Informe o CPF.',
      celular: 'Informe o celular.',
      endereco: 'Informe o endereço.',
      bairro: 'Informe o bairro.',
      cidade: 'Informe a cidade.',
      cep: 'Informe o CEP.',
    });
    expect(errorsOf(personSchema, { ...valid, nome: '   ', bairro: '' })).toEqual({ nome: 'Informe o nome completo.', bairro: 'Informe o bairro.' });
  });
  it('checks the CPF digits, the formats and the mobile number', () => {
    expect(errorsOf(personSchema, { ...valid, cpf: '123.456.789-00' })).toEqual({ cpf: 'CPF inválido: confira os números digitados.' });
    expect(errorsOf(personSchema, { ...valid, cpf: '111.111.111-11' })).toEqual({ cpf: 'CPF inválido: confira os números digitados.' });
    expect(errorsOf(personSchema, { ...valid, cpf: '123456789' })).toEqual({ cpf: 'CPF inválido. Use o formato 000.000.000-00.' });
    expect(errorsOf(personSchema, { ...valid, celular: '(11) 3333-4444' })).toEqual({ celular: 'Celular inválido. Use o formato (00) 00000-0000.' });
    expect(errorsOf(personSchema, { ...valid, celular: '(00) 98765-4321' })).toEqual({ celular: 'Celular inválido: confira o DDD e o número.' });
    expect(errorsOf(personSchema, { ...valid, cep: '1310-100' })).toEqual({ cep: 'CEP inválido. Use o formato 00000-000.' });
    expect(errorsOf(personSchema, { ...valid, email: 'ana@' })).toEqual({ email: 'E-mail inválido.' });
    expect(errorsOf(personSchema, { ...valid, nome: 'Ana' })).toEqual({ nome: 'Informe o nome completo (nome e sobrenome).' });
    expect(errorsOf(personSchema, { ...valid, cidade: 'x'.repeat(101) })).toEqual({ cidade: 'Use no máximo 100 caracteres.' });
  });
});

describe('sign-in and sign-up forms', () => {
  it('sign-in: the spec messages', () => {
    expect(errorsOf(signInSchema, { email: 'x', password: '' })).toEqual({ email: 'E-mail inválido.', password: 'Informe a senha.' });
    expect(errorsOf(signInSchema, {})).toEqual({ email: 'Informe o e-mail.', password: 'Informe a senha.' });
  });
  it('sign-up: full name and at least 8 characters', () => {
    expect(signUpSchema.parse({ email: 'A@B.com', name: '  Ana   Souza ', password: '12345678' })).toEqual({ email: 'a@b.com', name: 'Ana Souza', password: '12345678' });
    expect(errorsOf(signUpSchema, { email: 'a@b.com', name: 'Ana Souza', password: '1234567' })).toEqual({ password: 'A senha deve ter pelo menos 8 caracteres.' });
  });
  it('reset: both passwords must match', () => {
    expect(errorsOf(resetPasswordSchema, { token: 'abcdefghijkl', password: 'segredo123', confirm: 'segredo124' })).toEqual({ confirm: 'As senhas não conferem.' });
  });
});

describe('addressSchema (CriarFormulario)', () => {
  it('needs everything but the complement, and a real UF', () => {
    const ok = addressSchema.parse({ nome: 'Ana Souza', celular: '11987654321', cep: '01310100', rua: 'Av. Paulista', numero: '1000', bairro: 'Bela Vista', cidade: 'São Paulo', estado: 'SP' });
    expect(ok.complemento).toBe('');
    expect(errorsOf(addressSchema, { nome: 'Ana Souza', celular: '11987654321', cep: '01310100', rua: 'x', numero: '1', bairro: 'b', cidade: 'c', estado: 'XX' })).toEqual({
      estado: 'Escolha o estado.',
    });
  });
});

describe('authApiInputProblem (Better Auth endpoints)', () => {
  it("sign-up needs the pages' e-mail rule", () => {
    expect(authApiInputProblem('/sign-up/email', { email: `${'a'.repeat(300)}@example.com`, name: 'Ana', password: '12345678' })?.code).toBe('INVALID_EMAIL');
    expect(authApiInputProblem('/sign-up/email', { email: 'ana@example.com', name: 'Ana', password: '12345678' })).toBeNull();
  });
  it('update-user changes the name only, within 100 characters', () => {
    expect(authApiInputProblem('/update-user', { name: 'Ana Souza' })).toBeNull();
    expect(authApiInputProblem('/update-user', { name: '   ' })?.message).toBe('Informe o nome completo.');
    expect(authApiInputProblem('/update-user', { name: 'a'.repeat(101) })?.message).toBe('O nome pode ter no máximo 100 caracteres.');
    expect(authApiInputProblem('/update-user', { name: 'Ana', image: null })?.code).toBe('FIELD_NOT_ALLOWED');
    expect(authApiInputProblem('/sign-in/email', { anything: 1 })).toBeNull();
  });
  it('no CEP is all zeros', () => {
    expect(errorsOf(personSchema, { ...valid, cep: '00000-000' })).toEqual({ cep: 'CEP inválido. Use o formato 00000-000.' });
  });
});
