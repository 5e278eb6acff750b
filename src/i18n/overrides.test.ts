import { describe, expect, it } from 'vitest';
import { checkOverrides, mergeOverrides } from './overrides';

const catalog = { 'page.pay': 'Pay {amount}', 'wallet.a': 'Wallet A', 'card.number': 'Card number' };

describe('checkOverrides', () => {
  it('keeps what fits the catalog, by locale', () => {
    const raw = JSON.stringify({ en: { 'wallet.a': 'ShopPay', 'page.pay': 'Pay now: {amount}' }, yo: { 'wallet.a': 'ShopPay' } });
    expect(checkOverrides(raw, catalog)).toEqual({
      overrides: { en: { 'wallet.a': 'ShopPay', 'page.pay': 'Pay now: {amount}' }, yo: { 'wallet.a': 'ShopPay' } },
      problems: [],
    });
  });

  it('reports each key, locale and value that does not fit, and keeps the rest', () => {
    const raw = JSON.stringify({
      en: { 'page.pya': 'Pay', 'page.pay': 'Pay {total}', 'card.number': 'Number', 'wallet.a': 7 },
      fr: { 'page.pay': 'Payer' },
      ha: 'Biya',
      yo: { 'wallet.a': ' ', 'card.number': 'x'.repeat(301) },
    });
    const { overrides, problems } = checkOverrides(raw, catalog);
    expect(overrides).toEqual({ en: { 'card.number': 'Number' } });
    expect(problems).toEqual([
      'messages.en["page.pya"]: no such string',
      'messages.en["page.pay"] uses {total}, which this string does not have',
      'messages.en["wallet.a"] must be a non-empty string',
      'messages.fr: not a locale of this checkout',
      'messages.ha must be an object of strings',
      'messages.yo["wallet.a"] must be a non-empty string',
      'messages.yo["card.number"] is longer than 300 characters',
    ]);
  });

  // Language trial: `locale: 'yo-NG'` with `messages: { 'yo-NG': … }` lost the wording ("not a locale of this checkout").
  it('reads a locale key as the locale option is read: yo-NG and YO are Yoruba, pcm_NG Pidgin', () => {
    const raw = JSON.stringify({ 'yo-NG': { 'wallet.a': 'ShopPay' }, YO: { 'card.number': 'Nọ́mbà' }, ' pcm_NG ': { 'wallet.a': 'ShopPay' } });
    expect(checkOverrides(raw, catalog)).toEqual({
      overrides: { yo: { 'wallet.a': 'ShopPay', 'card.number': 'Nọ́mbà' }, pcm: { 'wallet.a': 'ShopPay' } },
      problems: [],
    });
    // A problem names the key as the merchant wrote it.
    expect(checkOverrides(JSON.stringify({ 'yo-NG': { 'page.pya': 'x' }, 'fr-CI': {} }), catalog).problems).toEqual([
      'messages.yo-NG["page.pya"]: no such string',
      'messages.fr-CI: not a locale of this checkout',
    ]);
  });

  it('says so when the parameter is not an object of locales', () => {
    expect(checkOverrides('{', catalog).problems).toEqual(['messages is not JSON']);
    expect(checkOverrides('[1]', catalog).problems).toEqual(['messages must be an object of locales']);
    expect(checkOverrides(null, catalog)).toEqual({ overrides: {}, problems: [] });
  });

  it('merges overrides locale by locale, the later on top', () => {
    expect(mergeOverrides({ en: { a: '1', b: '2' }, yo: { a: '3' } }, { en: { b: '4' }, ha: { c: '5' } })).toEqual({
      en: { a: '1', b: '4' },
      yo: { a: '3' },
      ha: { c: '5' },
    });
  });
});
