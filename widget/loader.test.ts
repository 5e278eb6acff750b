// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { mount, open as apiOpen, preload, recallLocale } from './api';
import { setNavigateTop } from './navigate';
import { negotiateLocale } from '../src/i18n/locale';
import { checkOptions } from './options';
import { fakePage, TENDER } from './testing';
import type { TenderOptions } from './types';

const REF = 'TND-ABC123';
const v = 1;

function options(extra: Partial<TenderOptions> = {}) {
  return {
    transactionReference: REF,
    tenderUrl: TENDER,
    onSuccess: vi.fn(),
    onPending: vi.fn(),
    onFailure: vi.fn(),
    onClose: vi.fn(),
    onError: vi.fn(),
    onEvent: vi.fn(),
    ...extra,
  };
}

// The modal is one full-viewport iframe (the page draws the dialog); until the page is ready, the loader's small dialog.
const frames = () => document.querySelectorAll('iframe');
// The loading card, in the modal's own <dialog>.
const dialog = () => document.querySelector('dialog > [role="group"]');

// Every modal a test opens is closed after it, so that the next test starts with none.
const handles: { close(): void }[] = [];
const open: typeof apiOpen = (o) => {
  const h = apiOpen(o);
  handles.push(h);
  return h;
};

let navigated: string[];
beforeEach(() => {
  navigated = [];
  setNavigateTop((url) => navigated.push(url));
  document.body.innerHTML = '<button id="pay">Pay</button><a href="#x" id="outside">outside</a>';
});
afterEach(() => {
  for (const h of handles.splice(0)) h.close();
  // A preloaded modal that no test opened: opening and closing it removes it.
  if (frames().length) apiOpen({ transactionReference: 'TND-CLEANUP', tenderUrl: TENDER }).close();
  for (const h of handles.splice(0)) h.close();
  document.documentElement.style.overflow = '';
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('options', () => {
  const base = { transactionReference: REF };
  test.each<[string, unknown, string]>([
    ['no options', undefined, 'Tender.open: options must be an object, received undefined'],
    ['a string', 'TND-1', 'Tender.open: options must be an object, received "TND-1"'],
    ['no reference', {}, 'Tender.open: transactionReference must be a string of 1-128 characters, received undefined'],
    ['empty reference', { transactionReference: '' }, 'received ""'],
    ['numeric reference', { transactionReference: 42 }, 'received 42'],
    ['long reference', { transactionReference: 'x'.repeat(129) }, 'transactionReference must be'],
    ['channels not an array', { ...base, channels: 'card' }, 'channels must be an array of channel ids, received "card"'],
    ['channels that are not ids', { ...base, channels: ['card', 7] }, 'received ["card",7]'],
    ['empty channels', { ...base, channels: [] }, 'channels must be'],
    ['relative paymentRedirectUrl', { ...base, paymentRedirectUrl: '/pay' }, 'paymentRedirectUrl must be an http(s) URL, received "/pay"'],
    ['javascript tenderUrl', { ...base, tenderUrl: 'javascript:alert(1)' }, 'tenderUrl must be an http(s) URL'],
    // The loader's own address, copied from a script tag (theme/content trial: only load_timeout said anything).
    [
      'the loader as tenderUrl',
      { ...base, tenderUrl: 'https://shop.example/pay/tender.js' },
      `tenderUrl must be an http(s) URL: the Tender server's, with its base path, not a file such as tender.js, received "https://shop.example/pay/tender.js"`,
    ],
    ['the ESM loader as tenderUrl', { ...base, tenderUrl: 'https://pay.example/esm/index.mjs?v=1' }, 'not a file such as tender.js'],
    ['locale a number', { ...base, locale: 7 }, 'locale must be a string, received 7'],
    ['locale array', { ...base, locale: ['en'] }, 'received ["en"]'],
    ['locale an object', { ...base, locale: { en: true } }, 'locale must be a string, received {"en":true}'],
    ['theme with other property', { ...base, theme: { color: 'red' } }, 'theme must be an object of --tender-* strings'],
    ['theme with a number', { ...base, theme: { '--tender-radius': 4 } }, 'received {"--tender-radius":4}'],
    ['theme array', { ...base, theme: ['--tender-x'] }, 'theme must be'],
    ['colorScheme not a scheme', { ...base, colorScheme: 'night' }, 'colorScheme must be light, dark or auto, received "night"'],
    ['messages not by locale', { ...base, messages: { 'wallet.a': 'ShopPay' } }, 'messages must be an object of locales, each an object of strings'],
    ['messages with a number', { ...base, messages: { en: { 'wallet.a': 7 } } }, 'received {"en":{"wallet.a":7}}'],
    ['messages array', { ...base, messages: [{}] }, 'messages must be'],
    ['redirectHosts string', { ...base, redirectHosts: 'a.example' }, 'redirectHosts must be an array of hosts'],
    ['onSuccess not a function', { ...base, onSuccess: 'done' }, 'onSuccess must be a function, received "done"'],
    ['onClose an object', { ...base, onClose: {} }, 'onClose must be a function, received {}'],
  ])('%s', (_name, input, message) => {
    expect(() => checkOptions('open', input)).toThrow(TypeError);
    expect(() => checkOptions('open', input)).toThrow(message);
  });
  test('good options pass unchanged', () => {
    const o = {
      ...base,
      channels: ['card', 'ussd'],
      locale: 'fr-CI',
      theme: { '--tender-primary': '#0a7' },
      paymentRedirectUrl: 'https://pay.example/x',
      onSuccess() {},
    };
    expect(checkOptions('open', o)).toBe(o);
  });
  // Language trial: the ESM entry threw for these, so the checkout never opened, where tender.js took them and the
  // page read them (yo_NG, ' yo' as Yoruba; '', an unknown tag as the browser's language, then English).
  test.each<[unknown, string | null]>([
    ['yo_NG', 'yo'],
    ['pcm_NG', 'pcm'],
    [' yo', 'yo'],
    ['YO', 'yo'],
    ['fr', 'ha'],
    ['', 'ha'],
    [null, 'ha'],
  ])('any string is a locale, and null none: %j opens the page in %s', (locale, expected) => {
    open(options({ locale } as Partial<TenderOptions>));
    const asked = new URL(frames()[0]!.src).searchParams.get('locale');
    // No empty parameter (the page's own fallback), and what is sent is read by the page's own rule.
    if (!locale) expect(asked).toBeNull();
    // A payer whose browser asks for Hausa.
    expect(negotiateLocale([asked], ['ha-NG'])).toBe(expected);
  });
  test('open throws the integrator error synchronously and shows nothing', () => {
    expect(() => open({ transactionReference: '' } as TenderOptions)).toThrow('Tender.open: transactionReference');
    expect(frames()).toHaveLength(0);
  });
  test('without a script tag to take the origin from, tenderUrl is required', () => {
    expect(() => open({ transactionReference: REF })).toThrow('Tender.open: tenderUrl must be an http(s) URL, received undefined');
  });
});

describe('modal', () => {
  test('builds the hosted page URL with the options, the storefront origin and embed=modal', () => {
    const h = open(
      options({ channels: ['ussd', 'card'], locale: 'en', theme: { '--tender-primary': '#123456' }, paymentRedirectUrl: 'https://api.example/pay/1' }),
    );
    const src = new URL(document.querySelector('iframe')!.src);
    expect(src.origin + src.pathname).toBe(`${TENDER}/checkout/`);
    expect(Object.fromEntries(src.searchParams)).toEqual({
      transactionReference: REF,
      channels: 'ussd,card',
      locale: 'en',
      paymentRedirectUrl: 'https://api.example/pay/1',
      theme: '{"--tender-primary":"#123456"}',
      parentOrigin: location.origin,
      embed: 'modal',
    });
    h.close();
  });

  test('one transparent, full-viewport, top-most iframe, shown at once', () => {
    open(options());
    const f = frames()[0]!;
    expect(f.title).toBe('Checkout');
    expect(f.getAttribute('allow')).toContain('clipboard-write');
    expect(f.style.position).toBe('fixed');
    // Pinned by top and left, not inset, which Safari before 14.5 lacks: there, with no showModal either, the frame sat
    // where the document ends, off-screen under a locked page (old-browsers trial).
    expect([f.style.top, f.style.left, f.style.getPropertyValue('inset')]).toEqual(['0px', '0px', '']);
    // Above anything: browsers clamp an integer beyond their range to the largest (2147483647; embed.test.ts checks Chromium).
    expect(Number(f.style.zIndex)).toBeGreaterThanOrEqual(2 ** 31 - 1);
    // The page's scheme (light unless asked), or Chromium paints the transparent frame opaque.
    expect(f.style.colorScheme).toBe('light');
    // Visible before the page's script says ready: the page's first screen comes with its HTML. Nothing else is
    // drawn in the first second (widget/states.test.ts: the loading state after that).
    expect(f.style.visibility).toBe('');
    expect(dialog()).toBeNull();
    // CSSOM only: no <style> and no style attribute parsed from markup, so the storefront CSP needs no 'unsafe-inline'.
    expect(document.querySelectorAll('style')).toHaveLength(0);
    fakePage().send({ v, type: 'ready', reference: REF });
    expect(f.style.visibility).toBe('');
  });

  test.each([
    ['dark', 'dark'],
    ['auto', 'light dark'],
    ['light', 'light'],
  ])('colorScheme %s: the page is asked for it and the frame matches it (%s)', (scheme, css) => {
    open(options({ colorScheme: scheme as 'dark' }));
    const f = frames()[0]!;
    expect(new URL(f.src).searchParams.get('colorScheme')).toBe(scheme);
    expect(f.style.colorScheme).toBe(css);
  });

  test('messages and theme travel to the page as JSON', () => {
    const messages = { en: { 'wallet.a': 'ShopPay' }, yo: { 'page.pay': 'Sanwo {amount}' } };
    open(options({ messages, theme: { '--tender-primary': '#0a7' } }));
    const q = new URL(frames()[0]!.src).searchParams;
    expect(JSON.parse(q.get('messages')!)).toEqual(messages);
    expect(JSON.parse(q.get('theme')!)).toEqual({ '--tender-primary': '#0a7' });
  });

  test('only one modal at a time: a second open does not stack another iframe', () => {
    const first = options();
    const h1 = open(first);
    const second = options({ transactionReference: 'TND-OTHER' });
    const h2 = open(second);
    expect(frames()).toHaveLength(1);
    expect(second.onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'already_open' }));
    h2.close();
    expect(frames()).toHaveLength(0);
    expect(first.onClose).toHaveBeenCalledTimes(1);
    h1.close();
    expect(first.onClose).toHaveBeenCalledTimes(1);
  });

  test('scroll lock, and the frame in a modal <dialog> of its own beside <body>; all restored (focus too) on close', () => {
    const pay = document.getElementById('pay')!;
    document.getElementById('outside')!.inert = true;
    pay.focus();
    document.documentElement.style.overflow = 'scroll';
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    const o = options();
    const h = open(o);
    expect(document.documentElement.style.overflow).toBe('hidden');
    // Opened with showModal: the browser's top layer, where the rest of the page is inert (e2e: embed.test.ts).
    const box = frames()[0]!.parentElement as HTMLDialogElement;
    expect(box.localName).toBe('dialog');
    expect(showModal.mock.contexts).toEqual([box]);
    expect(box.parentElement).toBe(document.documentElement);
    // It draws nothing itself: the frame's styles place it.
    expect(box.style.cssText).toMatch(/^all: unset ?!important;?$/);
    showModal.mockRestore();
    h.close();
    expect(document.documentElement.style.overflow).toBe('scroll');
    expect(document.querySelector('dialog')).toBeNull();
    // What the storefront made inert itself stays so.
    expect(document.getElementById('outside')!.inert).toBe(true);
    expect(document.activeElement).toBe(pay);
    expect(dialog()).toBeNull();
    expect(o.onClose).toHaveBeenCalledWith({ reference: REF, status: undefined });
  });

  test("a storefront's own scroll lock on <html> is left as the storefront leaves it, whether it kept it or lifted it meanwhile", () => {
    // A modal of the storefront's (Headless UI's Dialog locks <html>) is open as the checkout opens, and stays.
    document.documentElement.style.overflow = 'hidden';
    open(options()).close();
    expect(document.documentElement.style.overflow).toBe('hidden');
    // Its modal closes while the checkout is open (onSuccess closes the cart), lifting its lock: the checkout's close
    // must not put the lock it found back.
    const h = open(options());
    document.documentElement.style.overflow = '';
    h.close();
    expect(document.documentElement.style.overflow).toBe('');
  });

  test('a storefront body that was inert already stays so after close', () => {
    document.body.inert = true;
    open(options()).close();
    expect(document.body.inert).toBe(true);
    document.body.inert = false;
  });

  test('ready removes the loading dialog, focuses the iframe and tells the page it is shown, to its exact origin', () => {
    open(options());
    const page = fakePage();
    page.send({ v, type: 'ready', reference: REF });
    expect(document.activeElement).toBe(page.frame);
    expect(page.win.postMessage).toHaveBeenCalledWith({ v: 1, type: 'shown' }, TENDER);
    expect(dialog()).toBeNull();
    // The storefront stays out of reach while the page (with its own focus trap) is up.
    expect((page.frame.parentElement as HTMLDialogElement).open).toBe(true);
  });

  test('the page asks its payer while a payment is in flight, then says close: the loader closes without asking again, onClose pending', () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const o = options();
    open(o);
    const page = fakePage();
    page.send({ v, type: 'ready', reference: REF });
    page.send({ v, type: 'progress', reference: REF, inProgress: true, channel: 'card' });
    page.send({ v, type: 'close', reference: REF });
    expect(confirm).not.toHaveBeenCalled();
    expect(frames()).toHaveLength(0);
    expect(o.onClose).toHaveBeenCalledWith({ reference: REF, status: 'pending' });
  });

  test('the modal stays full-viewport whatever height the page reports', () => {
    open(options());
    const page = fakePage();
    page.send({ v, type: 'resize', height: 712 });
    expect(page.frame.style.height).toBe('100%');
  });
});

describe('bridge', () => {
  test('ignores messages from another origin, another window, another version or another reference', async () => {
    const o = options();
    open(o);
    const page = fakePage();
    const success = { v, type: 'success', reference: REF, status: 'successful' };
    page.send(success, 'https://evil.example');
    page.send(success, TENDER, window);
    page.send(success, TENDER, { postMessage() {} });
    page.send({ ...success, v: 2 });
    page.send({ ...success, reference: 'TND-OTHER' });
    page.send({ v, type: 'navigate', url: 'https://evil.example/' }, 'https://evil.example');
    page.send('{"v":1,"type":"success"}');
    // A forged navigate would have been checked (and refused, with onError) in the deferred half: it never got there.
    await vi.dynamicImportSettled();
    await new Promise((r) => setTimeout(r, 10));
    expect(o.onSuccess).not.toHaveBeenCalled();
    expect(o.onEvent).not.toHaveBeenCalled();
    expect(o.onError).not.toHaveBeenCalled();
    expect(navigated).toEqual([]);
    page.send(success);
    expect(o.onSuccess).toHaveBeenCalledWith({ reference: REF, status: 'successful' });
  });

  test('names its frame with the page’s title, in the language the page speaks: what a screen reader says of the frame', () => {
    open(options());
    const page = fakePage();
    const frame = frames()[0]!;
    expect(frame.title).toBe('Checkout');
    page.send({ v, type: 'ready', reference: REF, title: 'Ibi ìsanwó' });
    expect(frame.title).toBe('Ibi ìsanwó');
    // Not another checkout's, nor a title the protocol does not allow.
    page.send({ v, type: 'resize', height: 600, title: 'x'.repeat(201) });
    page.send({ v, type: 'resize', height: 600, title: 5 });
    page.send({ v, type: 'pending', reference: 'TND-OTHER', status: 'pending', title: 'Other' });
    expect(frame.title).toBe('Ibi ìsanwó');
    // A switch of language in the page.
    page.send({ v, type: 'resize', height: 600, title: 'Ịkwụ ụgwọ' });
    expect(frame.title).toBe('Ịkwụ ụgwọ');
  });

  test('never posts to "*"', () => {
    const spy = vi.spyOn(window, 'postMessage');
    open(options());
    const page = fakePage();
    page.send({ v, type: 'ready', reference: REF });
    for (const call of [...page.win.postMessage.mock.calls, ...spy.mock.calls]) expect(call[1]).toBe(TENDER);
    expect(page.win.postMessage).toHaveBeenCalled();
  });

  test('each callback fires once per outcome, nothing after success, onClose once with the last status', () => {
    const o = options();
    const h = open(o);
    const page = fakePage();
    page.send({ v, type: 'pending', reference: REF, status: 'pending' });
    page.send({ v, type: 'pending', reference: REF, status: 'pending' });
    page.send({ v, type: 'success', reference: REF, status: 'successful' });
    page.send({ v, type: 'success', reference: REF, status: 'successful' });
    page.send({ v, type: 'failure', reference: REF, status: 'failed' });
    expect(o.onPending).toHaveBeenCalledTimes(1);
    expect(o.onSuccess).toHaveBeenCalledTimes(1);
    expect(o.onFailure).not.toHaveBeenCalled();
    page.send({ v, type: 'close', reference: REF });
    h.close();
    expect(o.onClose).toHaveBeenCalledTimes(1);
    expect(o.onClose).toHaveBeenCalledWith({ reference: REF, status: 'successful' });
    expect(o.onEvent).toHaveBeenCalledTimes(6);
  });

  test('a failure then a success with another card both report, once each', () => {
    const o = options();
    open(o);
    const page = fakePage();
    page.send({ v, type: 'failure', reference: REF, status: 'failed' });
    page.send({ v, type: 'failure', reference: REF, status: 'failed' });
    page.send({ v, type: 'success', reference: REF, status: 'successful' });
    expect(o.onFailure).toHaveBeenCalledTimes(1);
    expect(o.onSuccess).toHaveBeenCalledTimes(1);
  });

  test('a pending payment closed from inside the page reports pending', () => {
    const o = options();
    open(o);
    const page = fakePage();
    page.send({ v, type: 'pending', reference: REF, status: 'pending' });
    page.send({ v, type: 'close', reference: REF, status: 'pending' });
    expect(frames()).toHaveLength(0);
    expect(o.onClose).toHaveBeenCalledWith({ reference: REF, status: 'pending' });
  });

  test('the page errors reach onError', () => {
    const o = options();
    open(o);
    fakePage().send({ v, type: 'error', code: 'not_found', message: 'No such transaction' });
    expect(o.onError).toHaveBeenCalledWith({ code: 'not_found', message: 'No such transaction', reference: REF });
  });

  test('a throwing callback does not break the checkout', () => {
    vi.useFakeTimers();
    const o = options({
      onEvent: () => {
        throw new Error('integrator bug');
      },
    });
    open(o);
    fakePage().send({ v, type: 'success', reference: REF, status: 'successful' });
    expect(o.onSuccess).toHaveBeenCalledTimes(1);
    expect(() => vi.runAllTimers()).toThrow('integrator bug');
  });
});

describe('navigate', () => {
  test.each([
    ['javascript:alert(document.cookie)'],
    ['https://evil.example/phish'],
    ['//wallet.example/pay'],
    ['https://wallet.example@evil.example/'],
    ['http://wallet.example/pay'],
    ['data:text/html,hi'],
  ])('refuses %s with onError', async (url) => {
    const o = options({ redirectHosts: ['wallet.example'] });
    open(o);
    fakePage().send({ v, type: 'navigate', url });
    // The check lives in the loader's deferred half (widget/deferred.ts), imported first.
    await vi.dynamicImportSettled();
    await expect.poll(() => vi.mocked(o.onError).mock.calls.length).toBe(1);
    expect(navigated).toEqual([]);
    expect(o.onError).toHaveBeenCalledWith({ code: 'navigate_refused', message: `not in the redirectHosts option: ${url}`, reference: REF });
  });

  test('moves the top window to an allowed https URL', async () => {
    const o = options({ redirectHosts: ['wallet.example'] });
    open(o);
    fakePage().send({ v, type: 'navigate', url: 'https://wallet.example/cashier?ref=1' });
    await vi.dynamicImportSettled();
    await expect.poll(() => navigated).toEqual(['https://wallet.example/cashier?ref=1']);
    expect(o.onError).not.toHaveBeenCalled();
  });
});

describe('preload', () => {
  test('creates the hidden iframe early; open with the same options shows it and says shown at once', () => {
    preload({ transactionReference: REF, tenderUrl: TENDER });
    expect(frames()).toHaveLength(1);
    expect(frames()[0]!.style.visibility).toBe('hidden');
    expect(dialog()).toBeNull();
    const page = fakePage();
    page.send({ v, type: 'ready', reference: REF });
    expect(page.win.postMessage).not.toHaveBeenCalled();
    const o = options();
    open(o);
    expect(frames()).toHaveLength(1);
    expect(page.frame.style.visibility).toBe('');
    expect(dialog()).toBeNull();
    expect(page.win.postMessage).toHaveBeenCalledWith({ v: 1, type: 'shown' }, TENDER);
    expect(document.activeElement).toBe(page.frame);
    page.send({ v, type: 'success', reference: REF, status: 'successful' });
    expect(o.onSuccess).toHaveBeenCalledTimes(1);
  });

  test("a preloaded page's outcome before it is shown goes to no callback; the open that shows it hears it, when the page says it again", () => {
    const preloaded = options();
    preload(preloaded);
    const page = fakePage();
    page.send({ v, type: 'ready', reference: REF });
    // Its verify found a payment already made, before anyone opened it.
    page.send({ v, type: 'success', reference: REF, status: 'successful' });
    expect(preloaded.onSuccess).not.toHaveBeenCalled();
    const o = options();
    open(o);
    expect(o.onSuccess).not.toHaveBeenCalled();
    // Told it is shown, the page says its outcome again (src/checkout/session.ts); a repeat is not told twice.
    page.send({ v, type: 'success', reference: REF, status: 'successful' });
    page.send({ v, type: 'success', reference: REF, status: 'successful' });
    expect(o.onSuccess).toHaveBeenCalledTimes(1);
    expect(o.onSuccess).toHaveBeenCalledWith({ reference: REF, status: 'successful' });
    expect(preloaded.onSuccess).not.toHaveBeenCalled();
  });

  test('open with other options replaces the preloaded page, which closes without onClose (it was never shown)', () => {
    const preloaded = options();
    preload(preloaded);
    const stale = document.querySelector('iframe');
    open(options({ transactionReference: 'TND-NEW' }));
    expect(preloaded.onClose).not.toHaveBeenCalled();
    expect(document.querySelector('iframe')).not.toBe(stale);
  });

  test('its handle discards the page while unseen, without onClose; once open shows it, discard leaves it be', () => {
    const unseen = options();
    preload(unseen)!.discard();
    expect(frames()).toHaveLength(0);
    expect(unseen.onClose).not.toHaveBeenCalled();
    const handle = preload(options())!;
    const o = options();
    const modal = open(o);
    handle.discard();
    expect(frames()).toHaveLength(1);
    expect(frames()[0]!.style.visibility).toBe('');
    modal.close();
    expect(o.onClose).toHaveBeenCalledTimes(1);
    // While a modal shows, preload starts nothing and gives no handle.
    open(options());
    expect(preload(options({ transactionReference: 'TND-NEW' }))).toBeUndefined();
  });

  test('open with other options replaces the preloaded page', () => {
    preload({ transactionReference: REF, tenderUrl: TENDER });
    const stale = document.querySelector('iframe');
    open(options({ transactionReference: 'TND-NEW' }));
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    expect(document.querySelector('iframe')).not.toBe(stale);
  });
});

describe('mount', () => {
  test('puts the iframe inline, follows resize, unmount removes it and fires onClose once', () => {
    document.body.innerHTML = '<div id="slot"></div>';
    const o = options();
    const h = mount('#slot', o);
    const frame = document.querySelector('#slot iframe') as HTMLIFrameElement;
    expect(frame).toBeTruthy();
    const page = fakePage(frame);
    page.send({ v, type: 'ready', reference: REF });
    expect(page.win.postMessage).toHaveBeenCalledWith({ v: 1, type: 'shown' }, TENDER);
    page.send({ v, type: 'resize', height: 480 });
    expect(frame.style.height).toBe('480px');
    page.send({ v, type: 'success', reference: REF, status: 'successful' });
    expect(o.onSuccess).toHaveBeenCalledTimes(1);
    h.unmount();
    h.unmount();
    expect(document.querySelector('#slot iframe')).toBeNull();
    expect(o.onClose).toHaveBeenCalledTimes(1);
  });

  test("the page's own close (its × or Done) unmounts the inline checkout, with onClose once", () => {
    document.body.innerHTML = '<div id="slot"></div>';
    const o = options();
    const h = mount('#slot', o);
    const page = fakePage(document.querySelector('#slot iframe') as HTMLIFrameElement);
    page.send({ v, type: 'ready', reference: REF });
    page.send({ v, type: 'close', reference: REF, status: 'pending' });
    expect(document.querySelector('#slot iframe')).toBeNull();
    expect(o.onClose).toHaveBeenCalledTimes(1);
    expect(o.onClose).toHaveBeenCalledWith({ reference: REF, status: 'pending' });
    h.unmount();
    expect(o.onClose).toHaveBeenCalledTimes(1);
  });

  test('a target that matches nothing is an integrator error', () => {
    expect(() => mount('#missing', options())).toThrow('Tender.mount: target must be an element or selector, received "#missing"');
  });
});

describe('a Tender server under a base path', () => {
  test('the hosted page is its checkout/ below the path tenderUrl names, with or without a final slash; messages still come from its origin', () => {
    for (const tenderUrl of [`${TENDER}/pay`, `${TENDER}/pay/`, `${TENDER}/pay?x=1`]) {
      const o = options({ tenderUrl });
      const h = open(o);
      const frame = frames()[0]!;
      expect(frame.src.startsWith(`${TENDER}/pay/checkout/?`)).toBe(true);
      const page = fakePage(frame);
      page.send({ v, type: 'ready', reference: REF });
      expect(o.onEvent).toHaveBeenCalledWith(expect.objectContaining({ type: 'ready', reference: REF }));
      h.close();
    }
  });

  test('at the root, the hosted page is /checkout/', () => {
    const h = open(options({ tenderUrl: TENDER }));
    expect(frames()[0]!.src.startsWith(`${TENDER}/checkout/?`)).toBe(true);
    h.close();
  });
});

// Last in the file: the loader keeps the payer's language for the page's life, and every later open would carry it.
describe('the payer’s language', () => {
  afterEach(() => {
    // The storefront's own storage again (one test takes it away), emptied.
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });
  const localeOf = () => new URL(frames()[0]!.src).searchParams.get('locale');

  // First, while nothing is recalled. README, Languages: what is kept for the way back is the payer's choice, never
  // the merchant's option.
  test('the merchant’s locale is kept nowhere: the page a wallet returns to must pass it again', () => {
    open(options({ locale: 'ha' })).close();
    open(options());
    expect(localeOf()).toBeNull();
    expect(sessionStorage.getItem('tender:lang')).toBeNull();
  });

  test('recalled from an earlier page of the storefront’s session (a wallet’s return) by an open before tender.js has read it; never by a preload', () => {
    sessionStorage.setItem('tender:lang', 'ha');
    // A preload does not wait for the read (its frame would): the merchant's option.
    preload(options({ locale: 'en' }));
    expect(localeOf()).toBe('en');
    // The order page a wallet returns to opens the checkout as soon as it runs, before tender.js's own read: the open
    // reads it, and starts the page afresh in it.
    open(options({ locale: 'en' }));
    expect(frames()).toHaveLength(1);
    expect(localeOf()).toBe('ha');
  });

  test('chosen in one checkout, the next opens in it, over the merchant’s option, and kept for the session', () => {
    const h = open(options({ locale: 'en' }));
    const page = fakePage();
    // Another checkout's word is not taken.
    page.send({ v, type: 'locale', reference: 'TND-OTHER', locale: 'ig' });
    page.send({ v, type: 'locale', reference: REF, locale: 'yo' });
    h.close();
    open(options({ locale: 'en' }));
    expect(localeOf()).toBe('yo');
    expect(sessionStorage.getItem('tender:lang')).toBe('yo');
    // Beside the page's own record, never over it: a page on the storefront's origin keeps its choice as JSON there.
    expect(sessionStorage.getItem('tender:locale')).toBeNull();
  });

  test('no storage for the storefront (a sandboxed frame): kept for the page’s life all the same, nothing thrown', () => {
    vi.stubGlobal('sessionStorage', {
      get 'tender:lang'() {
        throw new DOMException('denied', 'SecurityError');
      },
      set 'tender:lang'(_: string) {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    const h = open(options({ locale: 'ha' }));
    fakePage().send({ v, type: 'locale', reference: REF, locale: 'pcm' });
    h.close();
    recallLocale();
    open(options({ locale: 'ha' }));
    expect(localeOf()).toBe('pcm');
  });
});
