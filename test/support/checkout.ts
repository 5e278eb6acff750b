// Page-level helpers for the end-to-end tests of the hosted checkout: open it, fill the card form, wait for
// outcomes, and record what the browser saw (console, storage, responses) for the leak checks.
import { expect } from 'vitest';
import type { FrameLocator, Locator, Page, Response } from 'playwright-core';
import { drawnAmountKey } from '../../src/i18n/amount';
import type { Stack } from './stack';

/** The sandbox's documented test cards (demo/sandbox/testCards.ts), with the PIN and OTP they accept. */
export const CARDS = {
  noAuth: '4084084084084081',
  pin: '5399838383838381',
  pinOtp: '5060990580000217499',
  otp: '5200000000000007',
  threeDs: '5123450000000008',
  declined: '4000000000000002',
  insufficient: '4000000000009995',
  hang: '4000000000000119',
} as const;
export const PIN = '1234';
export const OTP = '123456';
export const EXPIRY = '12/34';
export const CVV = '737';

/** Web-first waits: long enough for a two-core machine shared with other work, well below the 60 s test time-out. */
export const WAIT = { timeout: 25_000 } as const;

/** The hosted page URL for a reference, with extra query parameters (paymentRedirectUrl, channels…). */
export function checkoutUrl(stack: Pick<Stack, 'tenderUrl'>, reference: string | null, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  if (reference !== null) q.set('transactionReference', reference);
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  const s = q.toString();
  return `${stack.tenderUrl}/checkout/${s ? `?${s}` : ''}`;
}

/**
 * Waits until the hosted page's script has taken over the first screen the server drew (`#app` loses `data-early`):
 * a press of Pay before that submits nothing. In the page itself, or in its frame on a storefront.
 */
export async function tookOver(where: Page | FrameLocator, wait: { timeout: number } = WAIT): Promise<void> {
  await expect.poll(() => where.locator('#app').evaluate((el) => el.hasAttribute('data-early')), wait).toBe(false);
}

/**
 * Opens the hosted page and waits until its script has taken over the first screen the server drew (inert until
 * then) and the start-up verify has filled in the amount.
 */
export async function openCheckout(
  page: Page,
  stack: Pick<Stack, 'tenderUrl'>,
  reference: string,
  extra: Record<string, string> = {},
  amount = '₦2,500',
): Promise<void> {
  await page.goto(checkoutUrl(stack, reference, extra));
  await tookOver(page);
  await expect.poll(() => page.locator('.tender-amount').textContent(), WAIT).toBe(amount);
}

/**
 * Opens the hosted page at `url` until the server drew its first screen with the amount (₦2,500 by default). The
 * server gives its own verify 100 ms before it draws; on a loaded machine it draws the amount loading instead, and a
 * test of what the first screen shows with its amount loads again. Five loads at most.
 */
export async function gotoDrawnWithAmount(page: Page, url: string, amount = 2500): Promise<void> {
  for (let load = 1; ; load++) {
    await page.goto(url);
    const strings = JSON.parse((await page.locator('#tender-text').textContent())!) as Record<string, string>;
    if (strings[drawnAmountKey(amount, 'NGN')] !== undefined) return;
    if (load === 5) throw new Error(`five loads of ${url}, none drawn with its amount`);
  }
}

/** Creates a payment of ₦2,500 on the sandbox and opens its hosted page; gives its reference. */
export async function openNewCheckout(page: Page, stack: Stack): Promise<string> {
  const { reference } = await stack.initiate();
  await openCheckout(page, stack, reference);
  return reference;
}

/** The tab of a channel. */
export const tab = (page: Page, channel: string): Locator => page.locator(`[role="tab"][data-channel="${channel}"]`);

/** Selects a channel's tab and waits for it to be selected. */
export async function selectTab(page: Page, channel: string): Promise<void> {
  await tab(page, channel).click();
  await expect.poll(() => tab(page, channel).getAttribute('aria-selected'), WAIT).toBe('true');
}

/** The card form's fields, found by their `autocomplete` tokens (stable where labels are reworded or translated). */
export const cardField = (page: Page, which: 'number' | 'expiry' | 'cvv'): Locator =>
  page.locator(`#tender-panel input[autocomplete="${{ number: 'cc-number', expiry: 'cc-exp', cvv: 'cc-csc' }[which]}"]`);

/** Fills the card form (number, expiry, CVV) without submitting. */
export async function fillCard(page: Page, number: string, expiry = EXPIRY, cvv = CVV): Promise<void> {
  await cardField(page, 'number').fill(number);
  await cardField(page, 'expiry').fill(expiry);
  await cardField(page, 'cvv').fill(cvv);
}

/** The pay button of the card form. */
export const payButton = (page: Page): Locator => page.getByRole('button', { name: /^Pay\b/ });

/** Fills the card form with `number` (and the test expiry and CVV) and presses Pay. */
export async function payByCard(page: Page, number: string): Promise<void> {
  await fillCard(page, number);
  await payButton(page).click();
}

/** Waits for an outcome heading (the focused h2 of the outcome screen). */
export async function expectHeading(page: Page, name: string | RegExp): Promise<void> {
  await page.getByRole('heading', { name }).waitFor(WAIT);
}

/** Waits for the success outcome. */
export async function expectSuccess(page: Page): Promise<void> {
  await expectHeading(page, 'Payment successful');
}

/** Every console message and page error, as text. */
export function recordConsole(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (m) => lines.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => lines.push(`pageerror: ${e.message}`));
  return lines;
}

/** Every response the browser received: URL, headers and body (bodies of redirects and failures included). */
export function recordResponses(page: Page): { url: string; text: Promise<string> }[] {
  const out: { url: string; text: Promise<string> }[] = [];
  page.on('response', (r: Response) => {
    const headers = JSON.stringify(r.headers());
    const body = r.status() >= 300 && r.status() < 400 ? Promise.resolve('') : r.text().catch(() => '');
    out.push({ url: r.url(), text: body.then((b) => `${r.url()}\n${headers}\n${b}`) });
  });
  return out;
}

/** Every URL the page's frames navigated to. */
export function recordNavigations(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (f) => urls.push(f.url()));
  return urls;
}

/** localStorage and sessionStorage of the page's origin, as one string. */
export function storageDump(page: Page): Promise<string> {
  return page.evaluate(() => {
    const dump = (s: Storage) => Array.from({ length: s.length }, (_, i) => `${s.key(i)}=${s.getItem(s.key(i)!)}`).join('\n');
    return `local:\n${dump(localStorage)}\nsession:\n${dump(sessionStorage)}`;
  });
}

/** The completion requests the sandbox counted for a reference, with the attempt's idempotency keys. */
export async function completions(stack: Stack, reference: string): Promise<{ counts: Record<string, number>; keys: string[]; status?: string }> {
  const s = await stack.stats(reference);
  return { counts: s.counts, keys: s.idempotencyKeys, status: s.transactionStatus };
}

/**
 * Holds every request matching `pattern` until `release()`, so clicks made meanwhile land while the first request
 * is in flight (no timing guesses); `count()` is how many requests left the page.
 */
export async function holdRequests(page: Page, pattern: string): Promise<{ release(): void; count(): number }> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let n = 0;
  await page.route(pattern, async (route) => {
    n += 1;
    await gate;
    await route.continue();
  });
  return { release, count: () => n };
}
