// Test helpers: a scripted fetch behind the real proxy, a manual clock, and a model wired to both.
// Never imported by the page.
import type { ChannelContext } from '../channels/kit/context';
import type { ChannelId } from '../channels/registry';
import type { NavigateResult } from '../platform/navigate';
import { type JsonStore, memoryStore } from '../platform/storage';
import { type CheckoutModel, createCheckoutModel, type ModelDeps } from './model';
import { createProxy } from './proxy';
import { createSession } from './session';
import type { PollEnv, PollPolicy } from './verify';
// Loaded up front so the model's lazy imports resolve within a flush: a cold one is transformed on first import,
// which on a loaded machine can take longer than a flush (the start-up verify's check failed CI so).
import './schemas';
import '../platform/theme';
import '../channels/card/schemas';
import '../channels/card/validation';
import '../channels/ussd/instructions';
import '../channels/bank-transfer/account';

/** One request the fake server saw. */
export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
  readonly idempotencyKey: string | null;
}

/** A scripted answer: JSON with a status, a network failure, or a promise the test resolves. */
export type PlainAnswer = { status?: number; body: unknown; headers?: Record<string, string> } | 'network-error';
/** A scripted answer, or a promise of one that the test resolves later. */
export type FakeAnswer = PlainAnswer | Promise<PlainAnswer>;

/** A fake Tender server: routes by "METHOD /path" (query ignored); each route a queue or a function. */
export function fakeServer(routes: Record<string, FakeAnswer | FakeAnswer[] | ((req: SeenRequest) => FakeAnswer)>) {
  const seen: SeenRequest[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    const path = url.split('?')[0]!;
    const headers = new Headers(init?.headers);
    const req: SeenRequest = {
      method: init?.method ?? 'GET',
      path: url,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      idempotencyKey: headers.get('idempotency-key'),
    };
    seen.push(req);
    const route = routes[`${req.method} ${path}`];
    const scripted: FakeAnswer | undefined =
      typeof route === 'function' ? route(req) : Array.isArray(route) ? (route.length > 1 ? route.shift() : route[0]) : route;
    // Like a real fetch, an abort rejects at once even while the answer is held back.
    const aborted = new Promise<never>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const answer = await Promise.race([scripted, aborted]);
    if (!answer) return new Response(JSON.stringify({ status: false, code: 'not_found', message: 'no route' }), { status: 404 });
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json', ...answer.headers } });
  };
  return { fetch: fetchImpl as typeof fetch, seen, count: (path: string) => seen.filter((r) => r.path.startsWith(path)).length };
}

/** A manual clock and timer queue with controllable visibility. */
export function fakePollEnv(start = 1_700_000_000_000) {
  let now = start;
  let hidden = false;
  let seq = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const listeners = new Set<() => void>();
  const onlineListeners = new Set<() => void>();
  const focusListeners = new Set<() => void>();
  const env: PollEnv & { random: () => number } = {
    setTimeout: (fn, ms) => {
      const id = ++seq;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout: (h) => void timers.delete(h as number),
    now: () => now,
    random: () => 0.5,
    isHidden: () => hidden,
    onVisibilityChange(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    onOnline(fn) {
      onlineListeners.add(fn);
      return () => onlineListeners.delete(fn);
    },
    onFocus(fn) {
      focusListeners.add(fn);
      return () => focusListeners.delete(fn);
    },
  };
  return {
    env,
    /** Delays of the timers now pending, from now. */
    pending: () => [...timers.values()].map((t) => t.at - now),
    /** Moves the clock, firing due timers in order, and lets promises settle between them. */
    async advance(ms: number) {
      const end = now + ms;
      await flush();
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
        await flush();
      }
      now = end;
      await flush();
    },
    setHidden(h: boolean) {
      hidden = h;
      for (const f of listeners) f();
    },
    /** The page gets the focus (the window's `focus` event). */
    focus() {
      for (const f of focusListeners) f();
    },
    /** The device's connection comes back (the `online` event). */
    backOnline() {
      for (const f of onlineListeners) f();
    },
    /** How many pollers listen for the connection. */
    onlineListeners: () => onlineListeners.size,
  };
}

/** Lets pending promise callbacks (fetch, dynamic imports, parsing) run. */
export async function flush(times = 20): Promise<void> {
  for (let i = 0; i < times; i++) await new Promise((r) => setTimeout(r, 0));
}

/** Verify answers in the sandbox's shape. */
export const verifyAnswer = (status: string, extra: Record<string, unknown> = {}) => ({
  body: {
    status: true,
    message: 'Verification successful',
    data: {
      status,
      transactionReference: 'REF-1',
      amount: 2500,
      currency: 'NGN',
      merchantName: 'Ada Shop',
      channel: 'card',
      message: `Transaction ${status}`,
      ...extra,
    },
  },
});

/** A model on a fake server and clock, with its bridge messages and navigations recorded. */
export function testModel(
  routes: Parameters<typeof fakeServer>[0],
  options: {
    reference?: string | null;
    channels?: string;
    store?: JsonStore;
    navigate?: (url: unknown) => NavigateResult;
    paymentRedirectUrl?: string;
    timeoutMs?: number;
    pollPolicy?: PollPolicy;
    /** Whether the device has a connection, as the proxy asks (default: it has). */
    online?: () => boolean;
  } = {},
) {
  const server = fakeServer(routes);
  const clock = fakePollEnv();
  const messages: unknown[] = [];
  const navigations: unknown[] = [];
  let n = 0;
  const deps: ModelDeps = {
    reference: options.reference === undefined ? 'REF-1' : options.reference,
    channels: options.channels ?? null,
    proxy: createProxy({ fetch: server.fetch, timeoutMs: options.timeoutMs ?? 30_000, ...(options.online ? { online: options.online } : {}) }),
    store: options.store ?? memoryStore(),
    pollEnv: clock.env,
    navigate:
      options.navigate ??
      ((url) => {
        navigations.push(url);
        return { ok: true, via: 'location' };
      }),
    bridge: {
      send: (m) => {
        messages.push(m);
        return true;
      },
    },
    newId: () => `attempt-${++n}`,
    // The page loads the session beside its first paint; tests take it at once, so actions run as they are called.
    createSession,
    ...(options.pollPolicy ? { pollPolicy: options.pollPolicy } : {}),
    ...(options.paymentRedirectUrl ? { paymentRedirectUrl: options.paymentRedirectUrl } : {}),
  };
  const model: CheckoutModel = createCheckoutModel(deps);
  /** A channel's context, as its view gets it. */
  const ctx = (id: ChannelId): ChannelContext<unknown> => model.contextFor(id);
  return { model, ctx, server, clock, messages, navigations };
}
