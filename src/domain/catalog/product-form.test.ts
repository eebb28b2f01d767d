import { describe, expect, it } from 'vitest';
import { centsToInput, parseProductForm } from './product-form.ts';

const valid = {
  titulo: 'Farol Dianteiro',
  descricao: 'Farol dianteiro esquerdo com lâmpada H7.',
  valorantigo: '1.234,56',
  valoratual: '999,9',
  categoria: 'iluminacao',
  marca: 'Bosch',
  veiculo: 'carros',
  estado: 'novo',
  estoque: '10',
};

describe('parseProductForm (Cadastrar Produto)', () => {
  it('reads Brazilian prices into centavos and the discount only when "desconto" is on', () => {
    const r = parseProductForm({ ...valid, valordesconto: '30' });
    expect(r).toEqual({
      ok: true,
      value: {
        title: 'Farol Dianteiro',
        description: 'Farol dianteiro esquerdo com lâmpada H7.',
        oldPriceCents: 123_456,
        priceCents: 99_990,
        onSale: false,
        discountPercent: 0,
        category: 'iluminacao',
        brand: 'Bosch',
        vehicleType: 'carros',
        condition: 'novo',
        stock: 10,
        photoUrl: null,
        oemCodes: [],
        equivalentCodes: [],
        specs: [],
        variants: [],
        package: null,
        fiscal: null,
      },
    });
    const sale = parseProductForm({ ...valid, desconto: 'on', valordesconto: '19', foto_url: 'https://cdn.exemplo.com/a.jpg' });
    expect(sale.ok && sale.value).toMatchObject({ onSale: true, discountPercent: 19, photoUrl: 'https://cdn.exemplo.com/a.jpg' });
  });

  it('shows every message at once, including the rules that tie two fields', () => {
    const r = parseProductForm({ desconto: 'on', valoratual: '10', valorantigo: '5' });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors).toEqual({
      titulo: 'Informe o título.',
      descricao: 'Informe a descrição.',
      valoratual: 'O valor atual não pode ser maior que o valor antigo.',
      valordesconto: 'Informe o percentual de desconto.',
      categoria: 'Escolha a categoria.',
      marca: 'Informe a marca.',
      veiculo: 'Escolha o tipo de veículo.',
      estado: 'Escolha o estado (novo ou usado).',
      estoque: 'Informe o estoque.',
    });
  });

  it('refuses bad prices, stock, discount and photo addresses', () => {
    const errors = (over: Record<string, string>) => {
      const r = parseProductForm({ ...valid, ...over });
      return r.ok ? {} : r.errors;
    };
    expect(errors({ valoratual: '12,345' })).toEqual({ valoratual: 'Valor inválido: use o formato 1.234,56.' });
    expect(errors({ valoratual: '0,00' })).toEqual({ valoratual: 'O valor deve ser maior que zero.' });
    expect(errors({ estoque: '-1' })).toEqual({ estoque: 'Estoque inválido: use um número inteiro de 0 a 100000.' });
    expect(errors({ estoque: '2.5' })).toEqual({ estoque: 'Estoque inválido: use um número inteiro de 0 a 100000.' });
    expect(errors({ desconto: 'on', valordesconto: '95' })).toEqual({ valordesconto: 'O desconto deve ser um número inteiro de 1 a 90.' });
    for (const url of ['http://exemplo.com/a.jpg', 'javascript:alert(1)', 'https://user:pw@exemplo.com/a.jpg', 'https://localhost/a.jpg']) {
      expect(errors({ foto_url: url })).toEqual({ foto_url: 'O endereço da foto deve ser uma URL completa começando com https://.' });
    }
    expect(errors({ categoria: 'armas' })).toEqual({ categoria: 'Escolha a categoria.' });
  });

  it('shows centavos back the way they are typed', () => {
    expect(centsToInput(123_456)).toBe('1.234,56');
    expect(centsToInput(5)).toBe('0,05');
    expect(centsToInput(100_000_000)).toBe('1.000.000,00');
  });

  it('reads part numbers, the specifications table and footwear variants', () => {
    const r = parseProductForm({
      ...valid,
      oem: ' 5U0 698 151 A | 5U0698151B ',
      equivalentes: 'Bosch 0 986 BB0 123|TRW GDB1234',
      ficha: 'Posição: Dianteiro\nPeso: 1,2 kg\n',
    });
    expect(r.ok && r.value).toMatchObject({
      oemCodes: ['5U0 698 151 A', '5U0698151B'],
      equivalentCodes: ['Bosch 0 986 BB0 123', 'TRW GDB1234'],
      specs: [
        { label: 'Posição', value: 'Dianteiro' },
        { label: 'Peso', value: '1,2 kg' },
      ],
    });
    const shoe = parseProductForm({ ...valid, categoria: 'calcados', estoque: '', variacoes: 'Preto; 40; 5\nCaramelo; 41; 0\nPreto; 41; 3' });
    expect(shoe.ok && shoe.value).toMatchObject({
      stock: 8,
      variants: [
        { color: 'Preto', size: '40', stock: 5 },
        { color: 'Caramelo', size: '41', stock: 0 },
        { color: 'Preto', size: '41', stock: 3 },
      ],
    });
    const errs = (over: Record<string, string>) => {
      const x = parseProductForm({ ...valid, ...over });
      return x.ok ? {} : x.errors;
    };
    expect(Object.keys(errs({ categoria: 'calcados', variacoes: '' }))).toEqual(['variacoes']);
    expect(Object.keys(errs({ variacoes: 'Preto; 40; 5' }))).toEqual(['variacoes']);
    expect(Object.keys(errs({ categoria: 'calcados', variacoes: 'Preto; 40; 5\npreto; 40; 1' }))).toEqual(['variacoes']);
    expect(Object.keys(errs({ equivalentes: 'sem numero' }))).toEqual(['equivalentes']);
    expect(Object.keys(errs({ ficha: 'sem dois pontos' }))).toEqual(['ficha']);
  });
});

describe('parseProductForm: weight and size for carriers', () => {
  const base = {
    titulo: 'Vela de Ignição',
    descricao: 'Vela de ignição de níquel.',
    valorantigo: '30,00',
    valoratual: '25,00',
    categoria: 'motor',
    marca: 'NGK',
    veiculo: 'carros',
    estado: 'novo',
    estoque: '10',
  };
  it('reads the four fields, or refuses some without the others', () => {
    const ok = parseProductForm({ ...base, peso_kg: '0,05', altura_cm: '4', largura_cm: '4', comprimento_cm: '12' });
    expect(ok.ok && ok.value.package).toEqual({ weightGrams: 50, heightCm: 4, widthCm: 4, lengthCm: 12 });
    const partial = parseProductForm({ ...base, peso_kg: '0,05' });
    expect(partial.ok).toBe(false);
    expect(!partial.ok && partial.errors.peso_kg).toMatch(/Peso e dimensões inválidos/);
  });
});

describe('parseProductForm: fiscal data for the nota fiscal', () => {
  const base = {
    titulo: 'Pastilha de Freio',
    descricao: 'Jogo de pastilhas dianteiras.',
    valorantigo: '100,00',
    valoratual: '90,00',
    categoria: 'freios',
    marca: 'TRW',
    veiculo: 'carros',
    estado: 'novo',
    estoque: '3',
  };
  it('reads NCM, origem, CEST and unit, and refuses an NCM that is not 8 digits', () => {
    const ok = parseProductForm({ ...base, ncm: '8708.30.90', origem: '1', cest: '', unidade: 'JG' });
    expect(ok.ok && ok.value.fiscal).toEqual({ ncm: '87083090', origem: 1, cest: null, unit: 'JG' });
    const bad = parseProductForm({ ...base, ncm: '8708' });
    expect(!bad.ok && bad.errors.ncm).toMatch(/8 dígitos/);
  });
});
