// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
// The loader's loading and failure states (widget/states.ts), through the loader's own API: drawn only when the page
// is slow, styled like the checkout, Retry only after a failure or a long wait, a refused origin diagnosed at once.
// Chromium: test/e2e/embed.test.ts and test/e2e/embed-origin.test.ts.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { mount, open, preload } from './api';
import { originAllowed } from './embedCheck';
import { navigateTop, setNavigateTop } from './navigate';
import { fakePage, TENDER } from './testing';
import type { TenderOptions } from './types';

const REF = 'TND-STATES1';
const v = 1;

const options = (extra: Partial<TenderOptions> = {}) => ({
  transactionReference: REF,
  tenderUrl: TENDER,
  onClose: vi.fn(),
  onError: vi.fn(),
  ...extra,
});

const frames = () => document.querySelectorAll('iframe');
const card = () => document.querySelector<HTMLElement>('[role="group"]');
const status = () => document.querySelector('output')?.textContent;
/** The card's live region: all of it. */
const region = () => document.querySelector('[aria-live="polite"]');
const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name);
const visible = (b: HTMLElement | undefined) => !!b && !b.hidden;

// The server's answer (/embed-check.js, a module import: test/e2e/embed-states.test.ts imports the real one).
vi.mock('./embedCheck', () => ({ originAllowed: vi.fn() }));
let check: () => Promise<boolean | undefined>;
const asked: string[] = [];
const handles: { close(): void }[] = [];

// The timers and the states' import both have to run.
const wait = async (ms: number) => {
  await vi.advanceTimersByTimeAsync(ms);
  await vi.dynamicImportSettled();
  await vi.advanceTimersByTimeAsync(0);
};

beforeEach(() => {
  vi.useFakeTimers();
  asked.length = 0;
  check = () => Promise.resolve(true);
  vi.mocked(originAllowed).mockImplementation((server) => {
    asked.push(server);
    return check();
  });
  document.body.innerHTML = '<button id="pay">Pay</button><div id="slot"></div>';
  document.getElementById('pay')!.focus();
});
// The page's real navigation, put back after a test that records it instead.
const realNavigateTop = navigateTop;
afterEach(() => {
  setNavigateTop(realNavigateTop);
  for (const h of handles.splice(0)) h.close();
  for (const f of frames()) f.remove();
  document.documentElement.style.overflow = '';
  document.body.inert = false;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const openModal = (o = options()) => {
  const h = open(o);
  handles.push(h);
  return o;
};

/**
 * happy-dom loads no page: a frame's document reads as null, as a cross-origin page's does once it has come. This
 * makes the frame read as the initial about:blank, the page not come yet; `come()` undoes it.
 */
const notYetCome = (frame = frames()[0]!) => {
  Object.defineProperty(frame, 'contentDocument', { configurable: true, get: () => ({ URL: 'about:blank' }) });
  return { come: () => delete (frame as { contentDocument?: unknown }).contentDocument };
};

/**
 * A load failure as the merchant and the payer get it (onError, the frame gone, the card's message with Try again
 * focused); then Try again, the page's `loaded` (if given) and `ready`: no second onError, the card gone.
 */
async function failedThenRetried(o: ReturnType<typeof options>, loaded?: () => void) {
  expect(o.onError).toHaveBeenCalledWith({ code: 'load_timeout', message: 'Checkout did not load.', reference: REF });
  expect(frames()).toHaveLength(0);
  expect(status()).toBe('The checkout did not load.');
  // The hint and Try again inside the live region: a screen reader is told of both, not only the first line.
  expect(region()!.textContent).toContain('Check your connection and try again.');
  expect(region()!.contains(button('Try again')!)).toBe(true);
  expect(document.activeElement).toBe(button('Try again'));
  button('Try again')!.click();
  expect(frames()).toHaveLength(1);
  expect(status()).toBe('Loading checkout…');
  const page = fakePage();
  if (loaded) {
    loaded();
    await wait(100);
  }
  page.send({ v, type: 'ready', reference: REF });
  await wait(20_000);
  expect(o.onError).toHaveBeenCalledTimes(1);
  expect(card()).toBeNull();
}

describe('a modal whose page is slow', () => {
  test('nothing in the first second; then a styled loading card under the frame, Close focused, no Retry yet', async () => {
    openModal();
    notYetCome();
    // But the backdrop, at once: the frame carries it, before any of the page has come.
    expect(frames()[0]!.style.background).toMatch(/#0009|rgba\(0, 0, 0, 0\.6\)/);
    await wait(900);
    expect(card()).toBeNull();
    expect(asked).toEqual([]);
    await wait(200);
    const c = card()!;
    // A named group in the modal's own <dialog>, before the frame, whose first screen must show over it.
    expect(c.getAttribute('aria-label')).toBe('Checkout');
    expect(c.parentElement!.localName).toBe('dialog');
    expect(c.nextElementSibling).toBe(frames()[0]);
    expect(Number(c.style.zIndex)).toBeLessThan(Number(frames()[0]!.style.zIndex));
    // Centred by its four sides, not inset, which Safari before 14.5 lacks (old-browsers trial).
    expect([c.style.top, c.style.right, c.style.bottom, c.style.left, c.style.getPropertyValue('inset')]).toEqual(['0px', '0px', '0px', '0px', '']);
    // Tender's own style, through the CSSOM (no <style>, which a storefront CSP may refuse).
    expect(c.style.borderRadius).toBe('10px');
    expect(c.style.font).toContain('system-ui');
    expect(document.querySelectorAll('style')).toHaveLength(0);
    expect(status()).toBe('Loading checkout…');
    expect(visible(button('Close'))).toBe(true);
    expect(visible(button('Try again'))).toBe(false);
    expect(document.activeElement).toBe(button('Close'));
    // The server is asked, once, whether this storefront may frame its page.
    expect(asked).toEqual([`${TENDER}/`]);
  });

  test('a page that is ready within the second never loads the states', async () => {
    openModal();
    const page = fakePage();
    await wait(500);
    page.send({ v, type: 'ready', reference: REF });
    await wait(20_000);
    expect(card()).toBeNull();
    expect(asked).toEqual([]);
  });

  test('a long wait adds a hint and Retry; Retry reloads the page', async () => {
    openModal();
    notYetCome();
    await wait(1000);
    expect(visible(button('Try again'))).toBe(false);
    await wait(7000);
    expect(region()!.textContent).toContain('This is taking longer than usual.');
    expect(visible(button('Try again'))).toBe(true);
    expect(region()!.contains(button('Try again')!)).toBe(true);
    // Tab goes round the two buttons, either way, never out to the inert storefront.
    const tab = (shiftKey = false) =>
      document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true }));
    expect(document.activeElement).toBe(button('Close'));
    expect(tab()).toBe(false);
    expect(document.activeElement).toBe(button('Try again'));
    tab();
    expect(document.activeElement).toBe(button('Close'));
    tab(true);
    expect(document.activeElement).toBe(button('Try again'));
    const before = frames()[0]!;
    button('Try again')!.click();
    expect(frames()).toHaveLength(1);
    expect(frames()[0]).toBe(before);
    expect(visible(button('Try again'))).toBe(false);
  });

  test("once the page's first screen has come over the card, the card is out of reach and the payer is in the frame", async () => {
    openModal();
    const page = notYetCome();
    await wait(1000);
    expect(document.activeElement).toBe(button('Close'));
    expect(card()!.inert).toBe(false);
    // Its HTML has come (its script has not: no ready): the first screen shows, and covers the card.
    page.come();
    await wait(50);
    expect(card()!.inert).toBe(true);
    expect(document.activeElement).toBe(frames()[0]);
    expect(frames()[0]!.style.visibility).toBe('');
  });

  test('a card drawn after the first screen has come never takes the focus: the payer is in the frame', async () => {
    openModal();
    await wait(1000);
    expect(card()!.inert).toBe(true);
    expect(document.activeElement).toBe(frames()[0]);
  });

  test('ready removes the card and focuses the frame', async () => {
    openModal();
    const page = fakePage();
    await wait(1500);
    expect(card()).not.toBeNull();
    page.send({ v, type: 'ready', reference: REF });
    expect(card()).toBeNull();
    expect(document.activeElement).toBe(page.frame);
  });

  test('no ready in 15 s: onError load_timeout, the frame goes, the failure with Retry focused; Retry brings it back', async () => {
    const o = openModal();
    await wait(14_900);
    expect(o.onError).not.toHaveBeenCalled();
    await wait(200);
    await failedThenRetried(o);
  });

  test("a page that did not load offers the payment API's own page, where the checkout has one and the payer may be sent there (second re-check trial)", async () => {
    const navigated: string[] = [];
    setNavigateTop((url) => navigated.push(url));
    const PAY = 'https://pay.example/checkout/TND-1';
    openModal(options({ paymentRedirectUrl: PAY, redirectHosts: ['pay.example'] }));
    await wait(2000);
    // Not while it loads: the checkout may yet come.
    expect(button('Continue to the payment page')!.hidden).toBe(true);
    await wait(13_200);
    const away = button('Continue to the payment page')!;
    expect(away.hidden).toBe(false);
    expect(document.activeElement).toBe(button('Try again'));
    // Tab goes round the three buttons shown, either way.
    const tab = (shiftKey = false) => document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true }));
    tab();
    expect(document.activeElement).toBe(away);
    tab();
    expect(document.activeElement).toBe(button('Close'));
    tab();
    expect(document.activeElement).toBe(button('Try again'));
    tab(true);
    expect(document.activeElement).toBe(button('Close'));
    away.click();
    expect(navigated).toEqual([PAY]);
  });

  test('a payment page on a host the payer may not be sent to gets no such button', async () => {
    openModal(options({ paymentRedirectUrl: 'https://evil.example/x', redirectHosts: ['pay.example'] }));
    await wait(15_200);
    expect(status()).toBe('The checkout did not load.');
    expect(button('Continue to the payment page')).toBeUndefined();
  });

  test("a page that loaded without saying ready (the browser's error page, a proxy's): the failure 2 s after its load", async () => {
    const o = openModal();
    await wait(300);
    frames()[0]!.dispatchEvent(new Event('load'));
    await wait(1900);
    expect(o.onError).not.toHaveBeenCalled();
    await wait(200);
    // Retried, the page comes: its load is the new one's, and nothing of the first fails it later.
    await failedThenRetried(o, () => frames()[0]!.dispatchEvent(new Event('load')));
  });

  test('offline, a page that could not come is loaded again when the connection comes back: no failure, the modal stays', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const o = openModal();
    const first = frames()[0]!;
    await wait(300);
    first.dispatchEvent(new Event('load'));
    await wait(20_000);
    expect(o.onError).not.toHaveBeenCalled();
    expect(o.onClose).not.toHaveBeenCalled();
    expect(frames()).toHaveLength(1);
    onLine.mockReturnValue(true);
    const loads: string[] = [];
    const setSrc = vi.spyOn(HTMLIFrameElement.prototype, 'src', 'set').mockImplementation((u) => void loads.push(u));
    dispatchEvent(new Event('online'));
    // Loaded once again (both timers asked, one listener), and the page that comes then is shown as usual.
    expect(loads).toHaveLength(1);
    setSrc.mockRestore();
    const page = fakePage();
    page.send({ v, type: 'ready', reference: REF });
    await wait(20_000);
    expect(o.onError).not.toHaveBeenCalled();
    expect(card()).toBeNull();
  });

  test('ready just after the load (the message may come second) is no failure', async () => {
    const o = openModal();
    const page = fakePage();
    await wait(300);
    frames()[0]!.dispatchEvent(new Event('load'));
    await wait(50);
    page.send({ v, type: 'ready', reference: REF });
    await wait(20_000);
    expect(o.onError).not.toHaveBeenCalled();
    expect(card()).toBeNull();
  });

  test('a page closed after its load says nothing', async () => {
    const o = openModal();
    await wait(300);
    frames()[0]!.dispatchEvent(new Event('load'));
    handles.pop()!.close();
    await wait(20_000);
    expect(o.onError).not.toHaveBeenCalled();
    expect(o.onClose).toHaveBeenCalledTimes(1);
  });

  // Esc as the browser answers it while the payer is not in the page: the modal's <dialog> closes (happy-dom has no
  // close requests; e2e/embed-states.test.ts presses the key).
  const esc = () => document.querySelector('dialog')!.close();

  test('Esc closes at once, before the states and with them; so does Close', async () => {
    const o = openModal();
    esc();
    expect(frames()).toHaveLength(0);
    expect(o.onClose).toHaveBeenCalledTimes(1);
    const o2 = openModal(options());
    await wait(1000);
    esc();
    expect(frames()).toHaveLength(0);
    expect(card()).toBeNull();
    expect(o2.onClose).toHaveBeenCalledTimes(1);
    const o3 = openModal(options());
    await wait(1000);
    button('Close')!.click();
    expect(frames()).toHaveLength(0);
    expect(card()).toBeNull();
    expect(o3.onClose).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(document.getElementById('pay'));
  });

  test('the payer already in the frame keeps their focus', async () => {
    openModal();
    frames()[0]!.focus();
    await wait(1000);
    expect(card()).not.toBeNull();
    expect(document.activeElement).toBe(frames()[0]);
  });

  test("in the payer's language, in the merchant's colours and scheme", async () => {
    openModal(options({ locale: 'yo', colorScheme: 'dark', theme: { '--tender-primary': '#0a7a55' } }));
    await wait(8000);
    const c = card()!;
    expect(c.getAttribute('aria-label')).toBe('Ibi ìsanwó');
    // Marked as Yorùbá on an English storefront, for a screen reader's voice.
    expect(c.lang).toBe('yo');
    expect(status()).toBe('Ibi ìsanwó ń ṣí…');
    expect(c.style.background).toMatch(/#131518|rgb\(19, 21, 24\)/);
    expect(button('Gbìyànjú lẹ́ẹ̀kan sí i')!.style.background).toMatch(/#0a7a55|rgb\(10, 122, 85\)/);
  });
});

describe('a storefront origin the server does not allow', () => {
  test('onError origin_not_allowed, a console line naming TENDER_ALLOWED_ORIGINS and the origin; the payer told, no Retry', async () => {
    check = () => Promise.resolve(false);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const o = openModal();
    await wait(1100);
    expect(o.onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'origin_not_allowed', reference: REF }));
    const line = String(error.mock.calls[0]![0]);
    expect(line).toContain('TENDER_ALLOWED_ORIGINS');
    expect(line).toContain(`Add ${location.origin} to`);
    expect(frames()).toHaveLength(0);
    expect(card()!.textContent).toContain('This shop cannot show its checkout yet.');
    expect(visible(button('Try again'))).toBe(false);
    expect(document.activeElement).toBe(button('Close'));
    // Not a load timeout as well, later.
    await wait(20_000);
    expect(o.onError).toHaveBeenCalledTimes(1);
  });

  test("its frame's error page loads first: the refused origin is what is reported, once", async () => {
    check = () => new Promise((r) => setTimeout(() => r(false), 600));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const o = openModal();
    await wait(100);
    frames()[0]!.dispatchEvent(new Event('load'));
    await wait(20_000);
    expect(o.onError).toHaveBeenCalledTimes(1);
    expect(o.onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'origin_not_allowed' }));
    expect(card()!.textContent).toContain('This shop cannot show its checkout yet.');
  });

  test('a server that cannot say (an error, an older server) is no diagnosis: the load timeout still tells', async () => {
    check = () => Promise.resolve(undefined);
    const o = openModal();
    await wait(2000);
    expect(o.onError).not.toHaveBeenCalled();
    await wait(13_500);
    expect(o.onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'load_timeout' }));
  });
});

describe('inline and preloaded', () => {
  test('inline, with the page in its frame: no loading card (its first screen is in place); a failure replaces the frame, without Close', async () => {
    // happy-dom loads no page: the frame's document reads as null, as a cross-origin page's does once it has come.
    // Before it has (the initial about:blank): test/e2e/embed-states.test.ts.
    const o = options();
    handles.push({ close: mount('#slot', o).unmount });
    await wait(14_000);
    expect(card()).toBeNull();
    await wait(1500);
    const c = card()!;
    expect(c.parentElement!.id).toBe('slot');
    expect(c.getAttribute('role')).toBe('group');
    expect(status()).toBe('The checkout did not load.');
    expect(button('Close')).toBeUndefined();
    button('Try again')!.click();
    expect(document.querySelector('#slot iframe')).not.toBeNull();
    expect(card()).toBeNull();
  });

  test('a preloaded page stays hidden, backdrop and all, while it is slow and not opened; opened, it shows', async () => {
    const o = options();
    preload(o);
    await wait(1500);
    expect(frames()).toHaveLength(1);
    expect(frames()[0]!.style.visibility).toBe('hidden');
    expect(card()).toBeNull();
    openModal(o);
    expect(frames()[0]!.style.visibility).toBe('');
    expect(card()).not.toBeNull();
  });

  test('a preloaded page diagnoses its origin but draws nothing until it is opened', async () => {
    check = () => Promise.resolve(false);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const o = options();
    preload(o);
    await wait(1500);
    expect(o.onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'origin_not_allowed' }));
    expect(card()).toBeNull();
    // Opened, it is asked again (the merchant may have fixed the list since), and the payer is told.
    openModal(o);
    await wait(1500);
    expect(card()!.textContent).toContain('This shop cannot show its checkout yet.');
    expect(asked).toHaveLength(2);
  });

  test('a preloaded page that failed before it was opened (a server restart) starts afresh when opened: no failure card', async () => {
    const o = options();
    preload(o);
    await wait(300);
    frames()[0]!.dispatchEvent(new Event('load'));
    await wait(2200);
    // The merchant hears of it; nothing is drawn, nobody has seen it.
    expect(o.onError).toHaveBeenCalledWith({ code: 'load_timeout', message: 'Checkout did not load.', reference: REF });
    expect(frames()).toHaveLength(0);
    expect(card()).toBeNull();
    expect(o.onClose).not.toHaveBeenCalled();
    // The server is back: the payer asks, and gets the checkout, not the failure from before they asked.
    openModal(o);
    expect(frames()).toHaveLength(1);
    expect(frames()[0]!.style.visibility).toBe('');
    expect(card()).toBeNull();
    const page = fakePage();
    page.send({ v, type: 'ready', reference: REF });
    await wait(20_000);
    expect(card()).toBeNull();
    expect(document.activeElement).toBe(page.frame);
    expect(o.onError).toHaveBeenCalledTimes(1);
  });
});
