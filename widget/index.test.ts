import { describe, expect, test } from 'vitest';

// Runs in Node (no window, no document), as server-side rendering would import the package.
describe('the ESM entry on a server', () => {
  test('imports without touching window, and says clearly that open and mount need a browser', async () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    const tender = await import('./index');
    expect(typeof tender.version).toBe('string');
    expect(() => tender.open({ transactionReference: 'TND-1', tenderUrl: 'https://pay.example' })).toThrow('Tender.open needs a browser');
    expect(() => tender.mount('#x', { transactionReference: 'TND-1', tenderUrl: 'https://pay.example' })).toThrow('Tender.mount needs a browser');
    expect(tender.preload({ transactionReference: 'TND-1', tenderUrl: 'https://pay.example' })).toBeUndefined();
  });

  test('reports a wrong option before saying that it needs a browser', async () => {
    const tender = await import('./index');
    const wrong = { transactionReference: 42, tenderUrl: 'https://pay.example' } as never;
    expect(() => tender.open(wrong)).toThrow('Tender.open: transactionReference must be a string of 1-128 characters, received 42');
    expect(() => tender.mount('#x', { transactionReference: 'TND-1', tenderUrl: 'not a url' })).toThrow('Tender.mount: tenderUrl must be an http(s) URL');
  });
});
