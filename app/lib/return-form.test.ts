import { describe, expect, it } from 'vitest';
import { CONTROL_CHARS_MESSAGE } from '#src/platform/control-chars.ts';
import { readReturnForm } from './return-form.ts';

describe('the return request form', () => {
  it('reads the reason, the comment, the units per line and the variant wanted', () => {
    expect(readReturnForm({ motivo: 'exchange', comentario: '  Ficou apertado.  ', 'qtd-12': '1', 'troca-12': '40', 'qtd-13': '0', 'qtd-14': '' })).toEqual({
      ok: true,
      input: {
        reason: 'exchange',
        comment: 'Ficou apertado.',
        lines: [
          { orderLineId: 12, quantity: 1, wantedVariantId: 40 },
          { orderLineId: 13, quantity: 0, wantedVariantId: null },
        ],
      },
    });
  });

  it('answers a bad reason, quantity or comment in Portuguese', () => {
    expect(readReturnForm({ motivo: 'qualquer', 'qtd-1': '1' })).toEqual({ ok: false, message: 'Escolha o motivo da devolução.' });
    expect(readReturnForm({ motivo: 'defect', 'qtd-1': '-1' })).toEqual({ ok: false, message: 'Quantidade inválida.' });
    expect(readReturnForm({ motivo: 'defect', 'qtd-1': '1,5' })).toEqual({ ok: false, message: 'Quantidade inválida.' });
    expect(readReturnForm({ motivo: 'defect', comentario: 'x'.repeat(501), 'qtd-1': '1' })).toEqual({ ok: false, message: 'O comentário pode ter até 500 caracteres.' });
  });

  it('keeps a comment of several lines', () => {
    const read = readReturnForm({ motivo: 'withdrawal', comentario: ' Chegou certo,\nmas não serve.\t ', 'qtd-7': '2' });
    expect(read).toEqual({ ok: true, input: { reason: 'withdrawal', comment: 'Chegou certo,\nmas não serve.', lines: [{ orderLineId: 7, quantity: 2, wantedVariantId: null }] } });
  });

  it.each([
    ['NUL', '\u0000'],
    ['ESC', '\u001b[2J'],
    ['DEL', '\u007f'],
    ['NEL (C1)', '\u0085'],
    ['CSI (C1)', '\u009b'],
  ])('refuses a comment with %s in it, in Portuguese', (_name, c) => {
    expect(readReturnForm({ motivo: 'defect', comentario: `Veio com defeito${c}`, 'qtd-7': '1' })).toEqual({ ok: false, message: CONTROL_CHARS_MESSAGE });
  });
});
