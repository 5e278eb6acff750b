import { describe, expect, it } from 'vitest';
import { readPageConfig } from './pageConfig';
import { readPageConfigFast } from './pageConfigFast';

const doc = (content: string | null) => {
  const d = document.implementation.createHTMLDocument('t');
  if (content !== null) {
    const m = d.createElement('meta');
    m.setAttribute('name', 'tender-config');
    m.setAttribute('content', content);
    d.head.appendChild(m);
  }
  return d;
};
const base = { v: 1, allowedOrigins: ['https://shop.example'], redirectHosts: ['pay.example.com'], allowHttpLoopback: false };

describe('readPageConfigFast equals readPageConfig', () => {
  it.each([
    [JSON.stringify(base)],
    [JSON.stringify({ ...base, walletNames: { a: 'OPay', b: 'PalmPay' } })],
    [JSON.stringify({ ...base, extra: 1, walletNames: { a: 'A', b: 'B', c: 'C' } })],
    [JSON.stringify({ ...base, v: 2 })],
    [JSON.stringify({ ...base, v: '1' })],
    [JSON.stringify({ ...base, allowedOrigins: 'https://shop.example' })],
    [JSON.stringify({ ...base, allowedOrigins: [1] })],
    [JSON.stringify({ ...base, redirectHosts: null })],
    [JSON.stringify({ ...base, allowHttpLoopback: 'true' })],
    [JSON.stringify({ ...base, walletNames: { a: 'A' } })],
    [JSON.stringify({ ...base, walletNames: null })],
    [JSON.stringify({ ...base, walletNames: [] })],
    [JSON.stringify({ ...base, walletNames: undefined })],
    [JSON.stringify([base])],
    ['{}'],
    ['null'],
    ['not json'],
    [''],
    [null],
  ])('%s', (content) => {
    const d = doc(content);
    expect(readPageConfigFast(d)).toEqual(readPageConfig(d));
  });
});
