import * as v from 'valibot';
import { ReferenceSchema } from '../api/common';
import type { KeptForPage } from './state';
import type { Limiter } from './store/types';
import type { VerifiedTxn, Verifier } from './verifier';

/**
 * What the page receives: the transaction as the server's own verify normalised and checked it (never the API's raw
 * answer), and for a pending one the instructions the API gave for it (a USSD code, a transfer account) with their
 * age in ms: the page's clock, not this server's, dates them.
 */
export type PageTxn = VerifiedTxn & { readonly kept?: { readonly op: string; readonly age: number; readonly data: unknown } };

/** How the page-serving verify reaches the payment API. */
export interface PageVerifyDeps {
  /** The server's shared, deduplicated and capped verify. */
  readonly verifier: Verifier;
  /** The same per-client limiter as the proxy's verify; undefined when limits are off. */
  readonly limiter: Limiter | undefined;
  /** The cap on the whole verify; past it the page is sent without data and verifies by itself. */
  readonly deadlineMs: number;
  /** The instructions the server keeps for a reference (state.ts), for a page with no storage of its own. */
  readonly kept?: (reference: string) => Promise<KeptForPage | undefined>;
  /** Told of each answer (outcomes.ts `observe`): a payment made on the API's hosted page reaches the merchant too. */
  readonly observe?: (reference: string, txn: VerifiedTxn) => Promise<void>;
}

/** Why the page went out without its transaction, for the request log. */
export type PageVerifyMiss = 'page_verify_limited' | 'page_verify_busy';

/**
 * Verifies `reference` with the payment API for the page being served, counted against the client's verify limit.
 * Undefined for a malformed reference, a client past its limit, no slot under the global cap, an error, an unknown
 * answer or a time-out: the page then verifies through the proxy as it would without this.
 */
export async function verifyForPage(
  reference: string | null,
  deps: PageVerifyDeps,
  request: { readonly requestId: string; readonly clientKey: string; miss?: (why: PageVerifyMiss) => void },
): Promise<PageTxn | undefined> {
  if (!reference || !v.safeParse(ReferenceSchema, reference).success) return undefined;
  let timer: unknown;
  const deadline = new Promise<undefined>((resolve) => (timer = setTimeout(resolve, deps.deadlineMs)));
  const call = (async () => {
    if (deps.limiter && (await deps.limiter.take(request.clientKey)) > 0) {
      request.miss?.('page_verify_limited');
      return undefined;
    }
    const outcome = await deps.verifier.verify(reference, request.requestId);
    if (outcome.kind === 'busy') request.miss?.('page_verify_busy');
    if (outcome.kind !== 'ok') return undefined;
    // Beside the page, never before it: a full queue or an unreachable store costs only this.
    deps.observe?.(reference, outcome.txn).catch(() => undefined);
    const txn: PageTxn = outcome.txn;
    if (txn.status !== 'pending' || !deps.kept) return txn;
    const kept = await deps.kept(reference).catch(() => undefined);
    return kept ? { ...txn, kept } : txn;
  })().catch(() => undefined);
  try {
    return await Promise.race([call, deadline]);
  } finally {
    clearTimeout(timer as Parameters<typeof clearTimeout>[0]);
  }
}

/** The data element the page reads at boot: JSON, not script (CSP `script-src 'self'` does not apply), `<` escaped. */
export function renderTxnElement(txn: PageTxn): string {
  return jsonElement('tender-txn', txn);
}

/** What the server writes for the first screen: its markup inside `#app`, and data elements right after it. */
export interface FirstScreenParts {
  readonly html: string | undefined;
  readonly data: string;
}

/** A JSON data element for the page to read (`<` and line separators escaped: it cannot close the element). */
export function jsonElement(id: string, value: unknown): string {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${id}">${json}</script>`;
}

/** Where the server writes the first screen: the page's (empty) root element. */
const APP_ROOT = '<div id="app">';

/**
 * Streams the page. The head goes out at once (the async module script starts loading); then, once verify has
 * answered or `waitMs` has passed, the body with the first screen that `renderFirst` draws for what is known so
 * far, so the form paints with the document, usable before the page's script runs; then the transaction element when
 * verify answers within its deadline.
 * A first screen that fails to render is left to the page's script, which renders over whatever is there.
 */
export function streamPage(
  html: string,
  txn: Promise<PageTxn | undefined>,
  renderFirst?: (txn: PageTxn | undefined, verified: boolean) => FirstScreenParts,
  waitMs = 0,
): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  const cut = html.lastIndexOf('</body>');
  const [start, end] = cut < 0 ? [html, ''] : [html.slice(0, cut), html.slice(cut)];
  const root = renderFirst ? start.indexOf(APP_ROOT) : -1;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      if (root < 0) {
        controller.enqueue(enc.encode(start));
      } else {
        controller.enqueue(enc.encode(start.slice(0, root)));
        let timer: unknown;
        const early = await Promise.race([txn.then((t) => ({ t })), new Promise<undefined>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
        clearTimeout(timer as Parameters<typeof clearTimeout>[0]);
        let first: FirstScreenParts | undefined;
        try {
          first = renderFirst!(early?.t, !!early);
        } catch {
          first = undefined;
        }
        // Usable at once: the payer may type before the page's script takes over (src/checkout/main.tsx), which keeps
        // what was typed. Until then `data-early` marks it: Pay says it is getting ready (a native submit is refused
        // by the CSP), and a note offers a reload if the script has not come after a few seconds. The first
        // screen's strings follow #app, where the page's script reads them.
        const at = root + APP_ROOT.length;
        const closed = start.indexOf('</div>', at) + '</div>'.length;
        const app = first?.html ? '<div id="app" data-early>' + first.html : start.slice(root, at);
        controller.enqueue(enc.encode(app + start.slice(at, closed) + (first?.data ?? '') + start.slice(closed)));
      }
      const t = await txn;
      controller.enqueue(enc.encode((t ? renderTxnElement(t) : '') + end));
      controller.close();
    },
  });
}
