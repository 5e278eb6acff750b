import { render } from 'preact';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { collectText } from '../../scripts/text';
import { drawnAmountKey } from '../i18n/amount';
import { setOverrides, showLocale } from '../i18n/text';
import type { PageConfig } from '../platform/pageConfig';
import { memoryStore } from '../platform/storage';
import type { InitialTxn } from './model';
import { walletNameOverrides } from './overrides';
import { createPage, renderPage } from './page';
import { readPageParams } from './pageParams';
import type { Session } from './session';
import { loadPageStrings, renderFirstScreen as render1st } from './ssr';

const SHOP = 'https://shop.example';
const CONFIG: PageConfig = { v: 1, allowedOrigins: [SHOP], redirectHosts: [], allowHttpLoopback: false, walletNames: { a: 'MoMo', b: 'Palm' } };
const PENDING: InitialTxn = { status: 'pending', amount: 250000, currency: 'NGN', merchantName: 'Ada Shop' };

beforeAll(async () => {
  const catalogs = await collectText();
  await loadPageStrings(async (l) => catalogs.get(l)!);
});

/** The server's first screen in English, as HTML (undefined when it draws none). */
const renderFirstScreen = (search: URLSearchParams, config: PageConfig, txn: InitialTxn | undefined, verified: boolean) =>
  render1st(search, config, txn, verified, 'en').html;

/** What src/checkout/main.tsx renders for these parameters, into `root` (its session inert: nothing is fetched). */
function clientRender(query: string, txn: InitialTxn | undefined, root: HTMLElement) {
  // In the browser `embedded` is the bridge's trusted parent origin (the same check), in a frame.
  const params = readPageParams(new URLSearchParams(query));
  const { model, view } = createPage(params, params.parentOrigin === SHOP, {
    store: memoryStore(),
    createSession: () => ({ start() {} }) as unknown as Session,
  });
  model.start(txn);
  setOverrides(walletNameOverrides(CONFIG));
  showLocale('en');
  renderPage(view(), root);
}

/** The element tree as tags, ids, classes, roles, ARIA and text: what the payer and assistive technology get. */
function shape(node: Node): unknown {
  if (node.nodeType === 3) return node.textContent;
  const el = node as Element;
  const attrs = [...el.attributes]
    // Preact sets these as properties, which happy-dom does not reflect as attributes.
    .filter((a) => !['value', 'style', 'spellcheck'].includes(a.name))
    .map((a) => `${a.name}=${a.value}`)
    .sort();
  return [el.tagName.toLowerCase(), attrs, [...el.childNodes].filter((c) => c.nodeType !== 3 || c.textContent !== '').map(shape)];
}

const mounted: HTMLElement[] = [];
function container(html = ''): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  mounted.push(root);
  return root;
}
afterEach(() => {
  for (const root of mounted.splice(0)) {
    render(null, root);
    root.remove();
  }
});

describe('the server-rendered first screen', () => {
  it.each([
    ['the default channels', 'transactionReference=REF-1'],
    ['a channel subset in another order', 'transactionReference=REF-1&channels=ussd,card'],
    ['one channel (no tab list)', 'transactionReference=REF-1&channels=card'],
    ['the modal, framed by an allowed storefront', `transactionReference=REF-1&embed=modal&parentOrigin=${encodeURIComponent(SHOP)}`],
    ['inline, framed by an allowed storefront', `transactionReference=REF-1&parentOrigin=${encodeURIComponent(SHOP)}`],
    ['the hosted page offered', 'transactionReference=REF-1&paymentRedirectUrl=https%3A%2F%2Fpay.example%2Fx'],
  ])('is the tree the page renders itself, for %s', (_, query) => {
    for (const [txn, verified] of [
      [PENDING, true],
      [undefined, false],
    ] as const) {
      const html = renderFirstScreen(new URLSearchParams(query), CONFIG, txn, verified);
      expect(html).toBeTruthy();
      const fresh = container();
      clientRender(query, txn, fresh);
      // Parsed HTML has one text node where Preact may leave two.
      fresh.normalize();
      expect(shape(container(html))).toEqual(shape(fresh));
    }
  });

  it('shows the amount, the merchant and the pay button, or the amount loading before verify', () => {
    const html = renderFirstScreen(new URLSearchParams('transactionReference=REF-1'), CONFIG, PENDING, true)!;
    expect(html).toContain('Pay Ada Shop');
    expect(html).toContain('₦250,000');
    expect(html).toContain('Pay ₦250,000');
    const early = renderFirstScreen(new URLSearchParams('transactionReference=REF-1'), CONFIG, undefined, false)!;
    expect(early).toContain('Loading amount…');
    expect(early).toMatch(/>Pay<\/button>/);
  });

  it('sends the amount as drawn among its strings, in the page’s locale, for the page to show without Intl', () => {
    const query = new URLSearchParams('transactionReference=REF-1');
    expect(render1st(query, CONFIG, PENDING, true, 'en').strings[drawnAmountKey(250000, 'NGN')]).toBe('₦250,000');
    // Node has the Hausa data many browsers lack: the page shows what was drawn, not its own Intl's fallback.
    const ha = render1st(query, CONFIG, PENDING, true, 'ha');
    expect(ha.html).toContain(ha.strings[drawnAmountKey(250000, 'NGN')]);
    expect(ha.strings[drawnAmountKey(250000, 'NGN')]).toMatch(/^₦\s?250,000$/);
    expect(Object.keys(render1st(query, CONFIG, undefined, false, 'en').strings).filter((k) => k.startsWith('drawn'))).toEqual([]);
  });

  it.each([['successful'], ['failed'], ['cancelled'], ['void'], ['reversed'], ['abandoned']] as const)(
    'is not drawn for a %s transaction: an outcome is never a form',
    (status) => {
      expect(renderFirstScreen(new URLSearchParams('transactionReference=REF-1'), CONFIG, { status }, true)).toBeUndefined();
    },
  );

  it.each([
    [
      'whose instructions the server kept (a reload during a USSD code)',
      { channel: 'ussd', kept: { op: 'ussdPayment', age: 5000, data: { ussdCode: '*901*000*1234#' } } },
    ],
    ['paid away, on a wallet (the payer back from its cashier)', { channel: 'wallet_a' }],
    ['on USSD whose instructions the server lost (a restart of a server on the memory store)', { channel: 'ussd' }],
  ])('draws no form for a pending payment %s: only its amount, loading', (_, under) => {
    const kept: InitialTxn = { ...PENDING, ...under };
    const html = renderFirstScreen(new URLSearchParams('transactionReference=REF-1'), CONFIG, kept, true)!;
    expect(html.replace(/<wbr[^>]*>/g, '')).toContain('₦250,000');
    expect(html).toMatch(/role="status"><span class="tender-spinner"[^>]*><\/span> Loading…/);
    expect(html).not.toMatch(/<input|<button[^>]*type="submit"|role="tab"/);
    // The page's own first render is the same tree, so nothing flashes as its script takes over.
    const fresh = container();
    clientRender('transactionReference=REF-1', kept, fresh);
    fresh.normalize();
    expect(shape(container(html))).toEqual(shape(fresh));
  });

  it('is not drawn when verify answered nothing usable: the page shows its own error or verifies again', () => {
    expect(renderFirstScreen(new URLSearchParams('transactionReference=REF-1'), CONFIG, undefined, true)).toBeUndefined();
  });

  it('names no wallet the configuration does not, and draws no modal for a storefront that is not allowed', () => {
    const html = renderFirstScreen(
      new URLSearchParams(`transactionReference=REF-1&embed=modal&parentOrigin=${encodeURIComponent('https://evil.example')}`),
      CONFIG,
      PENDING,
      true,
    )!;
    expect(html).toContain('>MoMo</button>');
    expect(html).not.toContain('role="dialog"');
    expect(html).not.toContain('evil.example');
  });
});

describe('the page rendering over it', () => {
  it('keeps the inputs, what the payer typed (formatted) and the focus', () => {
    const query = 'transactionReference=REF-1';
    const root = container(renderFirstScreen(new URLSearchParams(query), CONFIG, PENDING, true));
    const number = root.querySelector<HTMLInputElement>('#tender-card-number')!;
    const expiry = root.querySelector<HTMLInputElement>('#tender-card-expiry')!;
    number.value = '4084084084084081';
    expiry.value = '1230';
    number.focus();
    clientRender(query, PENDING, root);
    expect(root.querySelectorAll('#tender-card-number')).toHaveLength(1);
    expect(root.querySelector('#tender-card-number')).toBe(number);
    expect(number.value).toBe('4084 0840 8408 4081');
    expect(expiry.value).toBe('12/30');
    expect(document.activeElement).toBe(number);
    expect(root.querySelectorAll('form')).toHaveLength(1);
  });

  it('replaces a server tree with another top element (a modal link opened outside a frame) instead of keeping both', () => {
    const modal = `transactionReference=REF-1&embed=modal&parentOrigin=${encodeURIComponent(SHOP)}`;
    const root = container(renderFirstScreen(new URLSearchParams(modal), CONFIG, PENDING, true));
    expect(root.querySelectorAll('[role="dialog"]')).toHaveLength(1);
    clientRender('transactionReference=REF-1', PENDING, root);
    expect(root.querySelectorAll('[role="dialog"]')).toHaveLength(0);
    expect(root.querySelectorAll('main')).toHaveLength(1);
    expect(root.children).toHaveLength(1);
  });

  it('starts empty when nothing was typed, and a later card form starts empty too', () => {
    const root = container(renderFirstScreen(new URLSearchParams('transactionReference=REF-1'), CONFIG, PENDING, true));
    clientRender('transactionReference=REF-1', PENDING, root);
    expect(root.querySelector<HTMLInputElement>('#tender-card-number')!.value).toBe('');
    expect(root.querySelector<HTMLInputElement>('#tender-card-cvv')!.value).toBe('');
  });
});
