import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createApiClient } from '../../src/api/client';
import { findPackageRoot } from '../../src/server/packageRoot';
import { type TenderWebhookEvent, verifyWebhook, WebhookVerificationError } from '../../src/server/webhookVerify';
import { CURRENCY, priceCart, type OrderLine } from './catalogue';
import { buttonPage, inlinePage, messagePage, orderPage, shopPage, ORDER_OVER, statusText, type PageContext } from './pages';

/** Options of {@link startStorefront}. */
export interface StorefrontOptions {
  /** Port on `host`; 0 (the default) picks a free one. */
  port?: number;
  /** Bind address; default 127.0.0.1. */
  host?: string;
  /** The Tender server the pages load tender.js from, e.g. http://127.0.0.1:8081. */
  tenderUrl: string;
  /** The payment API the shop's server talks to with its key. */
  apiBaseUrl: string;
  /** The merchant key: used on this server only, never sent to the browser. */
  apiKey: string;
  /** The shop's own public origin for return URLs; default http://localhost:<port>. */
  publicUrl?: string;
  /**
   * The secret of the Tender server's webhooks (`whsec_…`); with it the shop takes them at `POST /webhooks/tender`
   * and marks orders paid from them, and order pages update by themselves.
   */
  webhookSecret?: string;
}

/** A running storefront. */
export interface RunningStorefront {
  /** e.g. http://localhost:8080 */
  readonly url: string;
  close(): Promise<void>;
}

interface Order {
  readonly reference: string;
  readonly lines: readonly OrderLine[];
  readonly amount: number;
  /** The gateway's hosted page for it: offered again when the payer comes back to pay. */
  readonly paymentRedirectUrl: string;
}

const MAX_BODY = 8 * 1024;
const MAX_WEBHOOK_BODY = 64 * 1024;
const REFERENCE = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;
/** Orders (and webhook outcomes, event ids) the demo keeps, the newest. */
const MAX_ORDERS = 10_000;
/**
 * A demo's order book, but one anyone can add to: past the bound its oldest entry goes (Map and Set keep insertion
 * order), so memory stays flat.
 */
const keepNewest = (c: Map<string, unknown> | Set<string>): void => {
  if (c.size > MAX_ORDERS) c.delete(c.keys().next().value as string);
};
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,}$/;
const STATIC: Record<string, string> = { '/static/shop.js': 'text/javascript; charset=utf-8', '/static/shop.css': 'text/css; charset=utf-8' };

/** The shop's HTTP handler and its order book (in memory: a demo). */
function createStorefront(options: StorefrontOptions & { publicUrl: string }) {
  const tenderOrigin = new URL(options.tenderUrl).origin;
  const api = createApiClient({ baseUrl: options.apiBaseUrl, apiKey: options.apiKey });
  const orders = new Map<string, Order>();
  // What the Tender server's webhooks said, by reference; and the event ids already processed (webhooks come
  // at least once: a repeat is acknowledged and ignored).
  const outcomes = new Map<string, string>();
  const processed = new Set<string>();
  const ctx: PageContext = { tenderUrl: tenderOrigin };
  const publicDir = join(findPackageRoot()?.dir ?? process.cwd(), 'demo', 'storefront', 'public');
  // The CSP a storefront embedding Tender needs: the loader from the Tender origin, its iframe, nothing inline.
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${tenderOrigin}`,
    `frame-src ${tenderOrigin}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

  const send = (res: ServerResponse, status: number, type: string, body: string, extra: Record<string, string> = {}): void => {
    res.writeHead(status, {
      'content-type': type,
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      ...(type.startsWith('text/html') ? { 'content-security-policy': csp } : {}),
      ...extra,
    });
    res.end(res.req.method === 'HEAD' ? undefined : body);
  };
  const html = (res: ServerResponse, status: number, body: string): void => send(res, status, 'text/html; charset=utf-8', body);
  const json = (res: ServerResponse, status: number, body: unknown): void => send(res, status, 'application/json; charset=utf-8', JSON.stringify(body));

  /** Creates the transaction for a priced cart; the amount is the server's, whatever the browser sent. */
  async function createOrder(
    items: unknown,
    email: unknown,
  ): Promise<{ ok: true; order: Order; paymentRedirectUrl: string } | { ok: false; status: number; error: string }> {
    const priced = priceCart(items);
    if (!priced.ok) return { ok: false, status: 400, error: priced.error };
    const customerEmail = email === undefined ? 'payer@example.com' : email;
    if (typeof customerEmail !== 'string' || !EMAIL.test(customerEmail)) return { ok: false, status: 400, error: 'email must be an email address' };
    const result = await api.initiatePaymentLink({
      amount: priced.amount,
      currency: CURRENCY,
      checkoutCustomerData: { email: customerEmail, firstName: 'Demo', lastName: 'Payer' },
      // Wallet, 3-D Secure and hosted pages send the payer back here, with ?transactionReference=REF appended.
      metaData: JSON.stringify({ returnUrl: `${options.publicUrl}/orders/return` }),
      checkoutCustomizationData: { paymentDescription: priced.lines.map((l) => `${l.quantity} × ${l.product.name}`).join(', ') },
    });
    if (!result.ok) return { ok: false, status: 502, error: `The payment API did not create the transaction: ${result.error.message}` };
    const { transactionReference, paymentRedirectUrl } = result.value.data;
    const order: Order = { reference: transactionReference, lines: priced.lines, amount: priced.amount, paymentRedirectUrl };
    orders.set(order.reference, order);
    keepNewest(orders);
    return { ok: true, order, paymentRedirectUrl };
  }

  /** Asks the payment API, from this server, what happened: the only status a merchant may act on. */
  async function verify(reference: string): Promise<string | undefined> {
    const result = await api.verifyTransaction({ transactionReference: reference });
    if (!result.ok) return undefined;
    const order = orders.get(reference);
    return order ? forOrder(order, result.value.data) : result.value.data.status;
  }

  /**
   * What a payment means for its order: its status, or `mismatch` for a success of another amount or currency than
   * the order's (as the payment API or the webhook reports them, when it does): never shipped as paid.
   */
  function forOrder(order: Order, paid: { status: string; amount?: number | undefined; currency?: string | undefined }): string {
    if (paid.status !== 'successful') return paid.status;
    const matches = (paid.amount === undefined || paid.amount === order.amount) && (paid.currency === undefined || paid.currency === CURRENCY);
    if (!matches)
      console.error(`storefront: order ${order.reference} is ${order.amount} ${CURRENCY}, but ${paid.amount} ${paid.currency} was paid: not marked paid`);
    return matches ? 'successful' : 'mismatch';
  }

  /**
   * What the shop now knows of an order's payment, from a webhook or its own verify. A failure is not the end of an
   * order (the payer may pay another way), a success is, unless the money is taken back: a late or retried failure
   * never takes a paid order back, and nothing (a success retried to the shop after its reversal, among them) makes
   * a reversed order paid again.
   */
  function learn(reference: string, status: string): void {
    const was = outcomes.get(reference);
    if (was !== 'reversed' && (was !== 'successful' || status === 'reversed')) outcomes.set(reference, status);
    keepNewest(outcomes);
  }

  async function readText(req: IncomingMessage, max: number): Promise<string> {
    let size = 0;
    const chunks: Buffer[] = [];
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > max) throw new Error('too large');
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  }
  const readJson = async (req: IncomingMessage): Promise<unknown> => JSON.parse(await readText(req, MAX_BODY));

  /**
   * The Tender server's webhook: checked with verifyWebhook on the raw body, then the order is marked. A request
   * that is not a valid webhook is answered 400; a fault of this code 500, so that Tender retries once it is fixed.
   */
  async function takeWebhook(req: IncomingMessage, res: ServerResponse, secret: string): Promise<void> {
    let body: string;
    try {
      body = await readText(req, MAX_WEBHOOK_BODY);
    } catch {
      console.warn('storefront: refused a webhook: the body could not be read');
      return json(res, 400, { error: 'the body could not be read' });
    }
    let event: TenderWebhookEvent;
    try {
      event = await verifyWebhook(body, req.headers, secret);
    } catch (err) {
      if (err instanceof WebhookVerificationError) {
        console.warn(`storefront: refused a webhook (${err.code}): ${err.message}`);
        return json(res, 400, { error: err.message });
      }
      console.error('storefront: could not check a webhook:', err);
      return json(res, 500, { error: 'the webhook could not be checked' });
    }
    const id = String(req.headers['webhook-id']);
    const reference = event.data.transactionReference;
    const order = orders.get(reference);
    if (!processed.has(id) && order) {
      processed.add(id);
      keepNewest(processed);
      learn(reference, forOrder(order, event.data));
      console.log(`storefront: webhook ${event.type} for order ${reference}`);
    }
    // Acknowledged whether new, repeated or for an order this shop does not know: Tender stops retrying.
    res.writeHead(204).end();
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://storefront.invalid');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const isGet = method === 'GET' || method === 'HEAD';

    if (path === '/api/orders' && method === 'POST') {
      if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return json(res, 415, { error: 'send JSON' });
      let body: { items?: unknown; email?: unknown };
      try {
        body = (await readJson(req)) as typeof body;
      } catch {
        return json(res, 400, { error: 'the body must be JSON of at most 8 KB' });
      }
      const created = await createOrder(body?.items, body?.email);
      if (!created.ok) return json(res, created.status, { error: created.error });
      return json(res, 201, {
        transactionReference: created.order.reference,
        paymentRedirectUrl: created.paymentRedirectUrl,
        amount: created.order.amount,
        currency: CURRENCY,
        orderUrl: `/orders/${encodeURIComponent(created.order.reference)}`,
      });
    }
    if (path === '/webhooks/tender' && options.webhookSecret) {
      if (method !== 'POST') return json(res, 405, { error: 'method not allowed' });
      return takeWebhook(req, res, options.webhookSecret);
    }
    const outcome = /^\/api\/orders\/([^/]+)\/outcome$/.exec(path);
    if (outcome && isGet) {
      // What the webhooks (or the order page's own verify) said so far: no call to the payment API, so the order page may poll it.
      const reference = decodeURIComponent(outcome[1]!);
      if (!orders.has(reference)) return json(res, 404, { error: 'no such order' });
      const status = outcomes.get(reference) ?? 'pending';
      const [label, text] = statusText(status);
      return json(res, 200, { reference, status, label, text, over: ORDER_OVER.includes(status) });
    }
    const apiOrder = /^\/api\/orders\/([^/]+)$/.exec(path);
    if (apiOrder && isGet) {
      const order = orders.get(decodeURIComponent(apiOrder[1]!));
      if (!order) return json(res, 404, { error: 'no such order' });
      const status = await verify(order.reference);
      if (!status) return json(res, 502, { error: 'the payment API did not answer; try again' });
      return json(res, 200, { reference: order.reference, status, amount: order.amount, currency: CURRENCY });
    }
    if (!isGet) return json(res, 405, { error: 'method not allowed' });

    if (path === '/') return html(res, 200, shopPage(ctx));
    if (path === '/inline') return html(res, 200, inlinePage(ctx));
    if (path === '/button') {
      // A demo shortcut: this page's transaction is created when the page is first asked for, for one bag of coffee.
      // The page then lives at an address of its order's, so a reload, Back or Forward comes back to that order, not to
      // a new one the payer could pay beside a USSD code already out for the first (tabs trial).
      const ref = url.searchParams.get('order');
      if (ref === null) {
        const created = await createOrder([{ id: 'coffee', quantity: 1 }], undefined);
        if (!created.ok) return html(res, 502, messagePage(ctx, 'The shop is unavailable', created.error));
        return send(res, 303, 'text/plain; charset=utf-8', 'See the order', { location: `/button?order=${encodeURIComponent(created.order.reference)}` });
      }
      const order = orders.get(ref);
      if (!order) return html(res, 404, messagePage(ctx, 'Order not found', 'This shop has no order with that reference.'));
      return html(res, 200, buttonPage(ctx, order.reference, order.paymentRedirectUrl, order.amount));
    }
    if (path === '/orders/return') {
      // Back from a wallet, 3-D Secure or hosted page: the order page resumes Tender to report the outcome.
      const ref = url.searchParams.get('transactionReference') ?? '';
      if (!REFERENCE.test(ref)) return html(res, 400, messagePage(ctx, 'Unknown order', 'The link you followed carries no valid order reference.'));
      return send(res, 303, 'text/plain; charset=utf-8', 'See the order page', { location: `/orders/${encodeURIComponent(ref)}?returned=1` });
    }
    const orderMatch = /^\/orders\/([^/]+)$/.exec(path);
    if (orderMatch) {
      const order = orders.get(decodeURIComponent(orderMatch[1]!));
      if (!order) return html(res, 404, messagePage(ctx, 'Order not found', 'This shop has no order with that reference.'));
      // Verified on every view: anything may have changed since the last webhook (a failed card, then a transfer; or
      // a success refunded at the gateway, which tells no one unless its own webhook reaches Tender). What it finds is
      // kept as a webhook's would be, so the page's watch, which asks what the shop knows, agrees with it.
      const verified = await verify(order.reference);
      if (verified) learn(order.reference, verified);
      const status = outcomes.get(order.reference) ?? verified;
      if (!status) return html(res, 502, messagePage(ctx, 'Could not check the payment', 'The payment API did not answer. Reload the page in a moment.'));
      return html(res, 200, orderPage(ctx, order, status, url.searchParams.has('returned'), options.webhookSecret !== undefined));
    }
    const type = STATIC[path];
    if (type) {
      const body = await readFile(join(publicDir, path.slice('/static/'.length)), 'utf8');
      return send(res, 200, type, body, { 'cache-control': 'public, max-age=300' });
    }
    if (path === '/favicon.ico') return send(res, 204, 'text/plain', '');
    return html(res, 404, messagePage(ctx, 'Page not found', 'There is nothing at this address.'));
  }

  return {
    orders,
    outcomes,
    handle(req: IncomingMessage, res: ServerResponse): void {
      route(req, res).catch((err: unknown) => {
        // Never the API key or a stack in the answer: a generic message, the details on the console.
        console.error('storefront:', (err as Error).message);
        if (!res.headersSent) json(res, 500, { error: 'internal error' });
        else res.destroy();
      });
    },
  };
}

/** Starts the demo storefront (default 127.0.0.1, a free port) and resolves once it listens. */
export async function startStorefront(options: StorefrontOptions): Promise<RunningStorefront> {
  const host = options.host ?? '127.0.0.1';
  let shop: ReturnType<typeof createStorefront> | undefined;
  const server = createServer((req, res) => shop!.handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  // "localhost", not 127.0.0.1: the storefront is a different site from the Tender server on 127.0.0.1.
  const url = options.publicUrl ?? `http://localhost:${port}`;
  shop = createStorefront({ ...options, publicUrl: url });
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
