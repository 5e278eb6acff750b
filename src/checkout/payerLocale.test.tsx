// The payer's own choice of language, told to the loader so that the storefront's next checkout opens in it: where
// the browser keeps no storage for the page's frame, the page's own record of the choice ends with the page.
import { afterEach, expect, it } from 'vitest';
import { showLocale } from '../i18n/text';
import { memoryStore } from '../platform/storage';
import { payerLocale, switchLocale } from './language';
import yo from './messages/page.yo';
import { flush, testModel, verifyAnswer } from './testkit';

afterEach(() => {
  payerLocale.value = undefined;
  showLocale('en');
});

it('tells the loader the language the payer chose, never the one the server or the merchant showed', async () => {
  const t = testModel({ 'POST /api/v1/transaction/verify': verifyAnswer('pending') });
  t.model.start();
  await flush();
  const told = () => t.messages.filter((m) => (m as { type: string }).type === 'locale');
  expect(told()).toEqual([]);
  // Shown without the payer asking (the session applying an earlier choice, the server's language): nothing new.
  await switchLocale('ha', undefined);
  expect(told()).toEqual([]);
  await switchLocale('yo', memoryStore());
  expect(told()).toEqual([{ type: 'locale', reference: 'REF-1', locale: 'yo', title: yo.title }]);
});

it('puts the page’s <title> in the language switched to, as <html lang>: a screen reader says it of the frame', async () => {
  document.title = 'Checkout';
  await switchLocale('yo', undefined);
  expect(document.documentElement.lang).toBe('yo');
  expect(document.title).toBe(yo.title);
  await switchLocale('en', undefined);
  expect(document.title).toBe('Checkout');
});
