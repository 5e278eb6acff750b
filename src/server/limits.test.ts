// Whom a request counts against: a client may not multiply its limit by the spelling of its address.
import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config';
import { clientOf, createClientLimits } from './limits';
import { createMemoryStore } from './store/memory';

describe('clientOf', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    // A port some proxies append.
    ['203.0.113.7:51234', '203.0.113.7'],
    // An IPv4 client on a dual-stack socket.
    ['::ffff:203.0.113.7', '203.0.113.7'],
    // IPv6 by its /64, however written.
    ['2001:db8:0:1::5', '2001:db8:0:1::/64'],
    ['2001:db8:0:1:aaaa:bbbb:cccc:dddd', '2001:db8:0:1::/64'],
    ['2001:DB8:0000:0001::', '2001:db8:0:1::/64'],
    ['[2001:db8:0:1::9]:443', '2001:db8:0:1::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    // Not an address: as written.
    ['unknown', 'unknown'],
    ['1::2::3', '1::2::3'],
    ['1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7:8:9'],
  ])('%s counts as %s', (address, client) => {
    expect(clientOf(address)).toBe(client);
  });
});

describe('the per-client limits', () => {
  const limitsWith = (env: Record<string, string>) => {
    const r = configFromEnv({ TENDER_API_BASE_URL: 'https://api.example', TENDER_API_KEY: 'sk_test_limits', ...env });
    if (!r.ok) throw new Error(r.errors.join('\n'));
    return { ...createClientLimits(r.config, createMemoryStore()), perMinute: r.config.completionRateLimitPerMinute };
  };
  // How many of twice the completion limit's calls, the i-th keyed by `key(i)`, the limit lets through.
  const allowed = (limits: ReturnType<typeof limitsWith>, key: (i: number) => string) => {
    let ok = 0;
    for (let i = 0; i < 2 * limits.perMinute; i++) if (limits.completion!.take(key(i)) === 0) ok++;
    return ok;
  };

  it('holds for a client that writes its forwarded address with a different port each time', () => {
    const limits = limitsWith({ TENDER_TRUST_PROXY: '1' });
    expect(allowed(limits, (i) => limits.clientKey(`198.51.100.11:${1000 + i}`, '10.0.0.2'))).toBe(limits.perMinute);
  });

  it('holds for a client that takes a new address of its IPv6 /64 for each call, forwarded or on the socket', () => {
    const forwarded = limitsWith({ TENDER_TRUST_PROXY: '1' });
    expect(allowed(forwarded, (i) => forwarded.clientKey(`2001:db8:0:1::${i.toString(16)}`, '10.0.0.2'))).toBe(forwarded.perMinute);
    const direct = limitsWith({});
    expect(allowed(direct, (i) => direct.clientKey(null, `2001:db8:0:1:${i.toString(16)}::1`))).toBe(direct.perMinute);
    // Another /64 is another client.
    expect(direct.completion!.take(direct.clientKey(null, '2001:db8:0:2::1'))).toBe(0);
  });
});
