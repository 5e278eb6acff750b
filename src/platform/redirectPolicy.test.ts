import { describe, expect, it } from 'vitest';
import { checkRedirectUrl, normaliseHostEntry, type RedirectPolicy } from './redirectPolicy';

const live: RedirectPolicy = { hosts: ['pay.example.com', 'cashier.wallet-b.example', 'api.example.com:8443'], allowHttpLoopback: false };
const sandbox: RedirectPolicy = { hosts: ['127.0.0.1:8082', 'localhost'], allowHttpLoopback: true };

describe('checkRedirectUrl', () => {
  it.each([
    ['https://pay.example.com/checkout?x=1', live],
    ['https://PAY.EXAMPLE.COM/a', live],
    ['https://cashier.wallet-b.example/session/9', live],
    ['https://api.example.com:8443/3ds', live],
    ['http://127.0.0.1:8082/sandbox/wallet-a/REF', sandbox],
    ['http://localhost/anything', sandbox],
  ])('accepts %s', (url, policy) => {
    expect(checkRedirectUrl(url, policy).ok).toBe(true);
  });

  it.each([
    ['javascript:alert(1)', live],
    ['JaVaScRiPt:alert(1)', live],
    [' javascript:alert(1)', live],
    ['java\tscript:alert(1)', live],
    ['data:text/html,<script>alert(1)</script>', live],
    ['//evil.example/path', live],
    ['/relative/path', live],
    ['pay.example.com/x', live],
    ['https://evil.example/', live],
    ['https://pay.example.com.evil.example/', live],
    ['https://evilpay.example.com/', live],
    ['https://pay.example.com@evil.example/', live],
    ['https://user:pw@pay.example.com/', live],
    ['https://pay.example.com\\@evil.example/', live],
    ['https:\\\\evil.example', live],
    ['http://pay.example.com/', live],
    ['https://api.example.com/3ds', live],
    ['https://api.example.com:9999/3ds', live],
    ['http://127.0.0.1:8082/x', live],
    ['http://127.0.0.1:9999/x', sandbox],
    ['http://evil.example/', sandbox],
    ['ftp://localhost/', sandbox],
    ['https://xn--pay-example-5cb.com/', live],
    ['', live],
    [42, live],
    [null, live],
    ['https://' + 'a'.repeat(5000) + '.example/', live],
  ])('refuses %s', (url, policy) => {
    const r = checkRedirectUrl(url, policy);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/\w/);
  });
});

describe('normaliseHostEntry', () => {
  it.each([
    ['pay.example.com', 'pay.example.com'],
    ['Pay.Example.com', 'pay.example.com'],
    ['https://pay.example.com/', 'pay.example.com'],
    ['http://127.0.0.1:8082', '127.0.0.1:8082'],
    ['  cashier.example ', 'cashier.example'],
    ['', undefined],
    ['https://pay.example.com/path', undefined],
    ['user@pay.example.com', undefined],
  ])('%s → %s', (entry, expected) => {
    expect(normaliseHostEntry(entry)).toBe(expected);
  });
});
