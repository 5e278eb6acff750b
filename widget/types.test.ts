// Type tests of the public API: checked by `tsc --noEmit` (the @ts-expect-error lines must stay errors);
// the runtime tests hold what tsc cannot: the examples the doc comments give.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { collectText } from '../scripts/text';
import type * as Esm from './index';
import type { ChildMessage } from '../src/protocol/messages';
import type { THEME_PROPERTIES } from '../src/platform/theme';
import type { TenderClose, TenderEvent, TenderGlobal, TenderModalHandle, TenderMountHandle, TenderOptions, TenderStatus, TenderThemeProperty } from './types';

declare const Tender: TenderGlobal;
declare const esm: typeof Esm;

function typeTests(): void {
  const handle: TenderModalHandle = Tender.open({
    transactionReference: 'TND-1',
    channels: ['card', 'ussd', 'bank-transfer', 'wallet-a', 'wallet-b'],
    paymentRedirectUrl: 'https://api.example/pay/TND-1',
    locale: 'en',
    theme: { '--tender-primary': '#0a7' },
    onSuccess: (r) => {
      const s: 'successful' = r.status;
      const _ref: string = r.reference;
      void s, _ref;
    },
    onPending: (r) => void (r.status satisfies 'pending'),
    onFailure: (r) => void (r.status satisfies TenderStatus),
    onClose: (r: TenderClose) => {
      // @ts-expect-error the status may be undefined (nothing was tried)
      const s: TenderStatus = r.status;
      void s;
    },
    onError: (e) => void (e.code satisfies string),
    onEvent: (e: TenderEvent) => {
      if (e.type === 'resize') void (e.height satisfies number);
      // @ts-expect-error a navigate event has no reference
      if (e.type === 'navigate') void e.reference;
    },
  });
  handle.close();
  // @ts-expect-error a modal handle has no unmount
  handle.unmount();

  const inline: TenderMountHandle = Tender.mount('#checkout', { transactionReference: 'TND-1' });
  inline.unmount();
  Tender.mount(document.body, { transactionReference: 'TND-1' });
  Tender.preload('TND-1');
  Tender.preload({ transactionReference: 'TND-1', channels: ['card'] });
  const version: string = Tender.version;
  void version;

  // @ts-expect-error transactionReference is required
  Tender.open({});
  // @ts-expect-error channels are the five channel ids
  Tender.open({ transactionReference: 'TND-1', channels: ['crypto'] });
  // @ts-expect-error theme keys are --tender-* custom properties
  Tender.open({ transactionReference: 'TND-1', theme: { color: 'red' } });
  // @ts-expect-error and only those the page reads
  Tender.open({ transactionReference: 'TND-1', theme: { '--tender-accent': '#0a7' } });
  // The public names are the page's own, both ways.
  const pageNames: readonly TenderThemeProperty[] = [] as unknown as typeof THEME_PROPERTIES;
  const publicNames: readonly (typeof THEME_PROPERTIES)[number][] = [] as TenderThemeProperty[];
  // Every message the page sends is an event the merchant's onEvent is typed for.
  const asEvent = (m: ChildMessage): TenderEvent => m;
  void pageNames, publicNames, asEvent;
  // @ts-expect-error onSuccess receives a result, not a string
  Tender.open({ transactionReference: 'TND-1', onSuccess: (r: string) => r });
  // @ts-expect-error mount needs a target
  Tender.mount({ transactionReference: 'TND-1' });
  // @ts-expect-error the reference is a string
  Tender.preload(42);

  // The ESM entry has the same functions.
  esm.open({ transactionReference: 'TND-1', tenderUrl: 'https://pay.example' }).close();
  esm.mount('#x', { transactionReference: 'TND-1', tenderUrl: 'https://shop.example/pay' }).unmount();
  const options: Esm.TenderEsmOptions = { transactionReference: 'TND-1', tenderUrl: 'https://pay.example', redirectHosts: ['wallet.example'] };
  esm.preload(options);
  // @ts-expect-error the ESM entry has no script tag to take the server from: tenderUrl is required
  esm.open({ transactionReference: 'TND-1' });
  const scriptTagOptions: TenderOptions = { transactionReference: 'TND-1' };
  // @ts-expect-error nor does preload take a bare reference there
  esm.preload('TND-1');
  void scriptTagOptions;
}

test('type tests compile (see tsc)', () => {
  expect(typeof typeTests).toBe('function');
});

// Language trial: the doc comment, which editors show and dist/types carries, gave 'page.pay', a key no catalog has.
test('the keys TenderMessages gives as examples are keys of the catalogs', async () => {
  const source = readFileSync(new URL('./types.ts', import.meta.url), 'utf8');
  // The comment just above it: no `*/` inside.
  const doc = /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*export type TenderMessages\b/.exec(source)![1]!;
  const examples = [...doc.matchAll(/`'([\w.]+)'`/g)].map((m) => m[1]!);
  expect(examples.length).toBeGreaterThan(0);
  const en = (await collectText()).get('en')!;
  expect(examples.filter((k) => !(k in en))).toEqual([]);
});
