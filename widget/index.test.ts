import { describe, expect, test } from 'vitest';

// Runs in Node (no window, no document), as server-side rendering would import the package.
describe('the ESM entry on a server', () => {
  test('imports without touching window, and says clearly that open and mount need a browser', async () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    const tender = await import('./index');
    expect(typeof tender.version).toBe('string');
    expect(() => tender.open({ transactionReference: 'TND-1', tenderUrl: 'https://pay.example' })).toThrow('Tender.open needs a browser');
    expect(() => tender.mount('#x', { transactionReference: 'TND-1', tenderUrl: 'https://pay.example' })).toThrow('Tender.mount needs a browser');
    expect(tender.preload('TND-1')).toBeUndefined();
  });
});
