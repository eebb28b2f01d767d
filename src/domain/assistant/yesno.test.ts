import { describe, expect, it } from 'vitest';
import { isYesNo, polarity, withPolarity } from './yesno.ts';

const SECURITY = 'Comprar aqui é seguro: nunca guardamos o número completo do cartão nem o código de segurança (CVV); do cartão ficam só a bandeira e os quatro últimos dígitos.';
const HOURS = 'Nosso atendimento funciona: Segunda a sexta, das 8h às 18h; sábado, das 8h às 12h. A loja on-line aceita pedidos a qualquer hora.';

describe('yes/no answers read from the fact itself', () => {
  it('tells yes/no questions from open ones and choices', () => {
    expect(isYesNo('vcs guardam o cvv')).toBe(true);
    expect(isYesNo('a garantia de 90 dias e somada com a do fabricante')).toBe(true);
    expect(isYesNo('qual o prazo de entrega')).toBe(false);
    expect(isYesNo('o prazo conta da compra ou de quando chega')).toBe(false);
  });

  it('says no when the clause covering the question is negated, yes when it states it', () => {
    expect(polarity('voces guardam o cvv', SECURITY)).toBe('Não');
    expect(polarity('e seguro comprar aqui', SECURITY)).toBe('Sim');
    expect(polarity('e seguro colocar o cartao', SECURITY)).toBeNull();
    expect(polarity('a garantia de 90 dias e somada com a do fabricante', 'Peças novas têm a garantia legal de 90 dias (CDC), somada à garantia do fabricante informada na descrição.')).toBe('Sim');
  });

  it('answers a weekday from the days the hours name, and nothing for a day they do not settle', () => {
    expect(polarity('atende domingo', HOURS)).toBe('Não');
    expect(polarity('atende sabado', HOURS)).toBe('Sim');
    expect(polarity('atende na quarta', HOURS)).toBe('Sim');
  });

  it('reads a negation only where it bears on a word asked, and nothing for a negated question', () => {
    const card = 'No Cartão de Crédito, até 10x sem juros, com parcela mínima de R$ 10,00.';
    expect(polarity('aceitam cartao de credito', card)).toBe('Sim');
    expect(polarity('tem juros no parcelamento', card)).toBe('Não');
    expect(polarity('a peca nao serviu, posso trocar', 'Se a peça não servir mesmo assim, pedimos a troca pela peça certa ou o reembolso.')).toBeNull();
  });

  it('adds nothing when the answer does not cover the question', () => {
    expect(polarity('atende feriado', HOURS)).toBeNull();
    expect(polarity('voces vendem meus dados', 'Guardamos apenas o necessário para entregar o seu pedido.')).toBeNull();
    expect(withPolarity('qual o horario', HOURS)).toBe(HOURS);
    expect(withPolarity('atende domingo', HOURS)).toBe(`Não. ${HOURS}`);
  });
});
