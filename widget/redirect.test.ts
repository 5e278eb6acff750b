import { describe, expect, test } from 'vitest';
import { checkRedirectUrl, type RedirectPolicy } from '../src/platform/redirectPolicy';
import { allowedUrl } from './redirect';

const sandbox: RedirectPolicy = { hosts: ['127.0.0.1:8082', 'wallet.example', 'pay.example.com:8443', '[::1]'], allowHttpLoopback: true };
const live: RedirectPolicy = { hosts: ['wallet.example', 'Pay.Example.com', 'acs.bank.example:443'], allowHttpLoopback: false };

const URLS = [
  'https://wallet.example/pay?x=1',
  'https://WALLET.example/pay',
  'https://wallet.example:8443/',
  'https://wallet.example.evil.com/',
  'https://evilwallet.example/',
  'https://wallet.example@evil.com/',
  'https://user:pw@wallet.example/',
  'https://evil.com/?https://wallet.example',
  'https://evil.com#wallet.example',
  'http://wallet.example/',
  'http://127.0.0.1:8082/sandbox/wallet',
  'http://127.0.0.1:8083/',
  'https://127.0.0.1:8082/',
  'http://localhost:8082/',
  'http://[::1]/',
  'https://pay.example.com:8443/x',
  'https://pay.example.com/x',
  'https://acs.bank.example/3ds',
  'https://acs.bank.example:443/3ds',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '//wallet.example/pay',
  '/relative',
  'wallet.example/pay',
  ' https://wallet.example/',
  'https://wallet.example/\u0000',
  'https:\\\\wallet.example',
  'https://wallet.example\t/',
  'https://xn--wllet-gra.example/',
  'https://wállet.example/',
  'ftp://wallet.example/',
  'blob:https://wallet.example/1',
  'https://wallet.example/' + 'a'.repeat(4100),
  '',
];

describe('allowedUrl decides like checkRedirectUrl', () => {
  for (const [name, policy] of [
    ['sandbox', sandbox],
    ['live', live],
  ] as const) {
    test.each(URLS.map((u) => [u.slice(0, 80)] as const).map((r, i) => [...r, i] as const))(`${name}: %s`, (_label, i) => {
      const u = URLS[i]!;
      const theirs = checkRedirectUrl(u, policy);
      expect(allowedUrl(u, { redirectHosts: policy.hosts, allowHttpLoopback: policy.allowHttpLoopback })).toBe(theirs.ok ? theirs.url : undefined);
    });
  }
  test('without a host list (no server config), nothing is allowed', () => {
    expect(allowedUrl('https://wallet.example/pay')).toBeUndefined();
    expect(allowedUrl('https://wallet.example/pay', { allowHttpLoopback: true })).toBeUndefined();
  });
  test('the table holds both allowed and refused URLs', () => {
    expect(URLS.filter((u) => checkRedirectUrl(u, sandbox).ok).length).toBeGreaterThan(4);
    expect(URLS.filter((u) => !checkRedirectUrl(u, live).ok).length).toBeGreaterThan(20);
  });
});
