import { describe, expect, it } from 'vitest';
import { isLocale, LOCALES, languageOf, negotiateLocale } from './locale';

describe('negotiateLocale', () => {
  it.each([
    { requested: ['yo'], browser: ['en-US'], expected: 'yo' },
    { requested: ['ha-NG'], browser: [], expected: 'ha' },
    { requested: ['IG'], browser: [], expected: 'ig' },
    { requested: ['pcm'], browser: ['yo'], expected: 'pcm' },
    { requested: ['pcm_NG'], browser: [], expected: 'pcm' },
    { requested: [' en-GB '], browser: ['ha'], expected: 'en' },
    // An option the checkout does not speak falls through to the browser's languages, in their order.
    { requested: ['fr-CI'], browser: ['de', 'ig-NG', 'yo'], expected: 'ig' },
    { requested: [null, undefined, ''], browser: ['yo-NG', 'en'], expected: 'yo' },
    { requested: [], browser: ['fr', 'de'], expected: 'en' },
    { requested: [], browser: [], expected: 'en' },
    // The payer's own choice (first) wins over the merchant's option (second).
    { requested: ['ha', 'yo'], browser: ['en'], expected: 'ha' },
    // Not a prefix match: "pc" is not Pidgin, "yor" is not a tag of this checkout.
    { requested: ['pc', 'yor'], browser: [], expected: 'en' },
  ])('$requested with browser $browser → $expected', ({ requested, browser, expected }) => {
    expect(negotiateLocale(requested, browser)).toBe(expected);
  });

  it('knows exactly the five locales', () => {
    expect(LOCALES).toEqual(['en', 'yo', 'ha', 'ig', 'pcm']);
    expect(LOCALES.every(isLocale)).toBe(true);
    expect([null, 'fr', 'EN', 1].some(isLocale)).toBe(false);
  });
});

describe('languageOf', () => {
  // One reading for the locale option, the keys of messages and the browser's languages.
  it.each([
    ['yo', 'yo'],
    ['YO', 'yo'],
    [' yo ', 'yo'],
    ['yo-NG', 'yo'],
    ['yo_NG', 'yo'],
    ['pcm_NG', 'pcm'],
    ['fr-CI', 'fr'],
    ['', ''],
    [null, undefined],
    [undefined, undefined],
  ])('%j → %j', (tag, expected) => {
    expect(languageOf(tag)).toBe(expected);
  });
});
