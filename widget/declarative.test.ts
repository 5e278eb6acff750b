// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
import { afterEach, describe, expect, test, vi } from 'vitest';
import * as api from './api';
import { optionsOf, wireButtons } from './declarative';
import { fakePage, TENDER } from './testing';

const frames = () => document.querySelectorAll('iframe');
// Closes the modal, whose page is not ready (there is none behind these frames), as Esc does: its <dialog> closes.
const close = () => document.querySelector('dialog')?.close();

// tender.js sets the hosted page origin from its own script URL; there is no data-tender-url.
api.setDefaultOrigin(TENDER);

afterEach(() => {
  vi.restoreAllMocks();
  close();
});

describe('declarative buttons', () => {
  // One wiring for the whole file, as tender.js does once per page.
  wireButtons();

  test('options come from data-tender-* attributes', () => {
    document.body.innerHTML = `<button data-tender-reference="TND-1" data-tender-channels="card,ussd" data-tender-locale="en" data-tender-payment-redirect-url="https://api.example/pay/1">Pay</button>`;
    const o = optionsOf(document.querySelector('button')!);
    expect(o).toMatchObject({ transactionReference: 'TND-1', channels: ['card', 'ussd'], locale: 'en', paymentRedirectUrl: 'https://api.example/pay/1' });
  });

  test('a click opens one modal, and outcomes arrive as DOM events on the button', () => {
    document.body.innerHTML = `<button id="b" data-tender-reference="TND-2"><span>Pay</span></button>`;
    const button = document.getElementById('b')!;
    const events: string[] = [];
    for (const n of ['success', 'close']) button.addEventListener(`tender:${n}`, (e) => events.push(`${n}:${JSON.stringify((e as CustomEvent).detail)}`));
    button.querySelector('span')!.click();
    button.click();
    expect(frames()).toHaveLength(1);
    fakePage().send({ v: 1, type: 'success', reference: 'TND-2', status: 'successful' });
    close();
    expect(events).toEqual(['success:{"reference":"TND-2","status":"successful"}', 'close:{"reference":"TND-2","status":"successful"}']);
  });

  test('each element is initialised once: a preload button added later starts one hidden page, however often it is scanned or clicked', async () => {
    const preload = vi.spyOn(api, 'preload');
    document.body.innerHTML = '';
    const b = document.createElement('button');
    b.dataset.tenderReference = 'TND-3';
    b.dataset.tenderPreload = '';
    document.body.appendChild(b);
    // As browsers fire it: at the document, bubbling to the window.
    document.dispatchEvent(new Event('DOMContentLoaded', { bubbles: true }));
    document.dispatchEvent(new Event('DOMContentLoaded', { bubbles: true }));
    b.click();
    b.click();
    // Scans call preload again; it keeps the page it has, so there is one iframe, shown by the click.
    expect(preload).toHaveBeenCalled();
    expect(frames()).toHaveLength(1);
    expect(frames()[0]!.style.visibility).toBe('');
    // Shown: its <dialog> is open (modal: the storefront behind is out of reach).
    expect((frames()[0]!.parentElement as HTMLDialogElement).open).toBe(true);
  });
});
