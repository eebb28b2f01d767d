import { describe, expect, it } from 'vitest';
import { maskCpf, maskPhone } from './masking.ts';

describe('masking a buyer for "Acompanhar pedido"', () => {
  it("shows the CPF's middle six digits only", () => {
    expect(maskCpf('52998224725')).toBe('***.982.247-**');
    expect(maskCpf('529.982.247-25')).toBe('***.982.247-**');
    expect(maskCpf('123')).toBe('***.***.***-**');
    expect(maskCpf(null)).toBeNull();
  });

  it("shows the phone's last four digits only", () => {
    expect(maskPhone('11987654321')).toBe('(**) *****-4321');
    expect(maskPhone('1133334444')).toBe('(**) *****-4444');
    expect(maskPhone('12')).toBe('(**) *****-****');
    expect(maskPhone(null)).toBeNull();
  });
});
