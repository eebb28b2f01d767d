import { describe, expect, it } from 'vitest';
import { resolveClientIp } from './client-ip.ts';

describe('resolveClientIp', () => {
  it('uses the socket unless a trusted proxy is in front', () => {
    expect(resolveClientIp({ forwardedFor: '6.6.6.6', remoteAddress: '::ffff:10.0.0.5', trustProxy: false })).toBe('10.0.0.5');
    expect(resolveClientIp({ forwardedFor: undefined, remoteAddress: undefined, trustProxy: false })).toBe('desconhecido');
  });
  it('behind a proxy, takes the hop the proxy appended (the last), not what the client wrote first', () => {
    expect(resolveClientIp({ forwardedFor: '6.6.6.6, 203.0.113.7', remoteAddress: '10.0.0.1', trustProxy: true })).toBe('203.0.113.7');
    expect(resolveClientIp({ forwardedFor: '', remoteAddress: '10.0.0.1', trustProxy: true })).toBe('10.0.0.1');
  });
});
