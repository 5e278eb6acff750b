// Everything the Tender server keeps or does beyond one request: the store (memory or Redis), the per-client
// limits on it, the shared verify, reconcile and webhooks, and the gateway's webhook intake.
import * as v from 'valibot';
import { ReferenceSchema } from '../api/common';
import { redactUserinfo, type TenderConfig } from './config';
import { createClientLimits, type ClientLimits } from './limits';
import { isoNow, type Logger } from './log';
import type { HintOutcome, Outcomes, OutcomesOptions } from './outcomes';
import type { ProxyContext } from './proxy';
import { type Answer, errorAnswer, jsonAnswer, methodNotAllowed, toResponse } from './respond';
import { createMemoryStore } from './store/memory';
import type { RedisStoreOptions } from './store/redis';
import type { TenderStore } from './store/types';
import { createUpstreamHealth, readLimited, type UpstreamCall, type UpstreamHealth } from './upstream';
import { createVerifier, verifiedOf, type Verifier } from './verifier';

/** What tests (or an embedding app) may replace; everything else is built from the config. */
export interface ServerStateDeps {
  /** The store; default Redis when the config names one, else memory. Closed with the server. */
  readonly store?: TenderStore | undefined;
  /**
   * The Redis engine and the background work (reconcile, webhooks): Node's defaults give both (node.ts). Without them,
   * as in Cloudflare's runtime, the server keeps its state in memory and follows no payment in the background.
   */
  readonly redisStore?: ((options: RedisStoreOptions) => TenderStore) | undefined;
  readonly createOutcomes?: ((options: OutcomesOptions) => Outcomes) | undefined;
  /** Timings and the fetch of reconcile and webhooks (outcomes.ts). */
  readonly outcomes?: Omit<OutcomesOptions, 'config' | 'store' | 'verifier' | 'log'> | undefined;
  /** How long the shared verify reuses an answer for one reference; default 1000 ms. */
  readonly verifyCacheMs?: number | undefined;
}

/** The server's shared state, built once per handler. */
export interface ServerState {
  readonly store: TenderStore;
  readonly limits: ClientLimits;
  readonly verifier: Verifier;
  readonly outcomes: Outcomes;
  /**
   * Told by the proxy of each completion call before it goes out: the reference is recorded for reconcile first, so a
   * process that dies mid-call (SIGKILL included) leaves it followed by another instance or after a restart. Rejects
   * when it cannot be recorded; the proxy then refuses the call.
   */
  beforeCompletion(reference: string, operation: string): Promise<void>;
  /** Told by the proxy of each completion call that reached the payment API, with its answer. */
  onCompletion(reference: string, operation: string, answer: Answer): void;
  /**
   * Told by the proxy of a verify answered with something other than pending: a final status goes to the merchant.
   * Absent without webhooks (nothing would come of it), so the proxy then reads no verify answer at all.
   */
  readonly onVerified: ((reference: string, text: string) => void) | undefined;
  /** The instructions the payment API last gave for `reference` (a USSD code, a transfer account), while they last. */
  keptInstructions(reference: string): Promise<KeptForPage | undefined>;
  /**
   * For `/healthz`: the engine, whether the server runs degraded (Redis unreachable), and whether the payment API
   * answered the last call the server made to it (informative: the server itself is up, and stays in rotation).
   */
  health(): { readonly store: 'memory' | 'redis'; readonly degraded: boolean } & ReturnType<UpstreamHealth['report']>;
  /** Told by the proxy and the verifier whether each call to the payment API got an answer. */
  readonly upstreamHealth: UpstreamHealth;
  /** `POST /webhooks/gateway`. */
  gatewayHook(request: Request, ctx: ProxyContext): Promise<Response>;
  /** Starts no more background work; what runs goes on (a server draining its requests). */
  drain(): void;
  close(): Promise<void>;
}

/** Largest body of the gateway's webhook read: its own payloads carry more than the proxy's calls. */
export const MAX_HOOK_BYTES = 64 * 1024;
/** The answer to a gateway's webhook past {@link MAX_HOOK_BYTES}, from the intake or from an adapter that read it only in part. */
export const HOOK_TOO_LARGE: Answer = Object.freeze(errorAnswer(413, 'payload_too_large', `The webhook's body is larger than ${MAX_HOOK_BYTES} bytes.`));

/** What the gateway is told a hint came to, once the payment API has answered. */
const HINT_ANSWERS = {
  final: 'Verified with the payment API: its outcome is final, and the merchant is told.',
  following: 'Verified with the payment API: still pending, and followed until it is final.',
} as const;

// Not a 2xx: a gateway stops retrying on success, and nothing here would ever follow the payment.
const NO_BACKGROUND_HOOK =
  'This Tender server runs where there is no background work (Cloudflare Workers, the Next.js Edge runtime): it follows no payment and sends no webhook. Point the gateway at a Tender server on Node, or at your own server and verify there.';

/**
 * What the payer follows to finish a payment elsewhere, as the payment API gave it: the operation, when (epoch ms of
 * the store's clock), and the answer's `data`. Kept by the server for a page that has no storage of its own (a third-party frame whose
 * storage the browser blocks), so that one opened again shows the same code or account rather than a blank form.
 */
interface KeptInstructions {
  readonly op: string;
  readonly at: number;
  readonly data: unknown;
}

/** Kept instructions as a page receives them: their age in ms in place of the store's time. */
export interface KeptForPage {
  readonly op: string;
  readonly age: number;
  readonly data: unknown;
}

/**
 * The completion calls whose answer is instructions the payer follows after the call (USSD, bank transfer), or may
 * send them elsewhere (a card's 3-D Secure page: only that it did, never where, nor card data).
 */
const INSTRUCTION_OPERATIONS: ReadonlySet<string> = new Set(['ussdPayment', 'bankTransfer', 'cardPayment']);
/** As long as the page keeps its own record of an attempt (src/checkout/resume.ts): an hour. */
const KEEP_INSTRUCTIONS_MS = 60 * 60_000;
/** A USSD answer or a transfer account is a few hundred bytes; anything much larger is not kept. */
const MAX_INSTRUCTIONS_BYTES = 4096;
const instructionsKey = (reference: string) => `instructions:${reference}`;

// Where no background work runs: completions are not followed after the fact; the gateway's hook is refused before
// any hint reaches nudge.
const NO_OUTCOMES: Outcomes = {
  record: async () => {},
  nudge: async () => 'unavailable',
  observe: async () => {},
  tick: async () => {},
  stop: () => {},
  close: async () => {},
};

const redisStoreOf = (deps: ServerStateDeps): ((options: RedisStoreOptions) => TenderStore) => {
  if (!deps.redisStore) throw new Error('TENDER_REDIS_URL is set, but this runtime has no Redis client: run the Node server');
  return deps.redisStore;
};

/** Builds the store, limits, verifier and background work from the config. */
export function createServerState(config: TenderConfig, deps: ServerStateDeps & { upstream: UpstreamCall; now: () => number; log: Logger }): ServerState {
  const { log } = deps;
  const store =
    deps.store ??
    (config.redisUrl
      ? redisStoreOf(deps)({
          url: config.redisUrl,
          onHealth: (healthy, refused) =>
            log({
              time: isoNow(),
              level: healthy ? 'info' : 'error',
              // The URL's password never goes into the log.
              event: healthy ? 'store_connected' : refused === 'auth' ? 'store_auth_refused' : refused === 'db' ? 'store_db_refused' : 'store_unreachable',
              store: redactUserinfo(config.redisUrl as string),
            }),
        })
      : createMemoryStore({ now: deps.now }));
  const limits = createClientLimits(config, store);
  const upstreamHealth = createUpstreamHealth();
  const verifier = createVerifier({
    health: upstreamHealth,
    upstream: deps.upstream,
    apiBaseUrl: config.apiBaseUrl,
    apiKey: config.apiKey,
    maxInFlight: config.maxUpstreamInFlight,
    cacheMs: deps.verifyCacheMs,
    timeoutMs: Math.min(config.upstreamTimeoutMs, 10_000),
    now: deps.now,
  });
  if (config.webhookUrl && !deps.createOutcomes) throw new Error('TENDER_WEBHOOK_URL is set, but this runtime has no background work: run the Node server');
  const outcomes = deps.createOutcomes ? deps.createOutcomes({ ...deps.outcomes, config, store, verifier, log }) : NO_OUTCOMES;

  async function gatewayHook(request: Request, ctx: ProxyContext): Promise<Response> {
    if (request.method !== 'POST') return methodNotAllowed('POST');
    if (outcomes === NO_OUTCOMES) {
      ctx.event = 'gateway_hint_off';
      return toResponse(errorAnswer(501, 'not_implemented', NO_BACKGROUND_HOOK));
    }
    if (limits.read && (await limits.read.take(limits.clientKey(request.headers.get('x-forwarded-for'), ctx.clientAddress))) > 0) {
      ctx.event = 'rate_limited';
      return toResponse(errorAnswer(429, 'rate_limited', 'Too many requests; try again shortly.', { 'retry-after': '5' }));
    }
    // Never trusted: the body only names a reference, which is then verified with the payment API.
    const bytes = await readLimited(request.body, MAX_HOOK_BYTES).catch(() => null);
    if (bytes === undefined) return toResponse(HOOK_TOO_LARGE);
    let reference: unknown;
    try {
      const body = bytes === null ? undefined : (JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>);
      const data = body?.data as Record<string, unknown> | undefined;
      reference = body?.transactionReference ?? body?.reference ?? data?.transactionReference ?? data?.reference;
    } catch {
      reference = undefined;
    }
    if (!v.safeParse(ReferenceSchema, reference).success) {
      return toResponse(errorAnswer(400, 'invalid_request', 'Send JSON naming the transaction: {"transactionReference": "…"}.'));
    }
    ctx.reference = reference as string;
    let hint: HintOutcome;
    try {
      hint = await outcomes.nudge(reference as string);
    } catch {
      hint = 'unavailable';
      ctx.event = 'store_unavailable';
    }
    ctx.event ??= `gateway_hint_${hint}`;
    // Nothing is queued for a reference the payment API does not know: made-up hints cost no queue space.
    if (hint === 'unknown') return toResponse(errorAnswer(404, 'not_found', 'The payment API has no transaction of this reference.'));
    if (hint === 'unavailable') {
      return toResponse(
        errorAnswer(503, 'temporarily_unavailable', 'Cannot verify the transaction right now; send the webhook again in a moment.', { 'retry-after': '5' }),
      );
    }
    return toResponse(jsonAnswer(202, { status: true, message: HINT_ANSWERS[hint] }));
  }

  /** Keeps a successful answer's `data` (the API's envelope, `status: true`); a failure to keep loses only the convenience. */
  function keepInstructions(reference: string, op: string, answer: Answer): void {
    const body = answer.body;
    if (answer.status < 200 || answer.status >= 300 || body === null || body.length > MAX_INSTRUCTIONS_BYTES) return;
    let data: unknown;
    try {
      const parsed = JSON.parse(body) as { status?: unknown; data?: unknown };
      if (parsed?.status !== true || !parsed.data || typeof parsed.data !== 'object') return;
      // Anyone who has a reference may load its page: a 3-D Secure address is the payer's own challenge, so only that
      // there was one is kept (the page needs no more to check again rather than take the card twice).
      data = op === 'cardPayment' ? (typeof (parsed.data as { redirectUrl?: unknown }).redirectUrl === 'string' ? { sentAway: true } : {}) : parsed.data;
    } catch {
      return;
    }
    const kept: KeptInstructions = { op, at: store.clock(), data };
    store.keep(instructionsKey(reference), JSON.stringify(kept), KEEP_INSTRUCTIONS_MS).catch(() => undefined);
  }

  return {
    store,
    limits,
    verifier,
    outcomes,
    // First checked once the call has surely ended (after its time-out): until then its answer, which brings the
    // check forward, is expected, and a verify mid-call could read the status of an earlier attempt as final.
    beforeCompletion: (reference, operation) => outcomes.record(reference, operation, config.upstreamTimeoutMs),
    onCompletion(reference, operation, answer) {
      // A page loaded after this call (back from a wallet, say) must not be drawn from an answer from before it.
      verifier.forget(reference);
      // The job recorded before the call, now due at the usual first check; a final outcome found meanwhile ended
      // it, and this verifies once more: its event, already queued, is not queued again (one webhook per outcome).
      outcomes.record(reference, operation).catch(() => undefined);
      if (INSTRUCTION_OPERATIONS.has(operation)) keepInstructions(reference, operation, answer);
    },
    onVerified:
      outcomes === NO_OUTCOMES || !config.webhookUrl
        ? undefined
        : (reference, text) => {
            const outcome = verifiedOf(text);
            // The payer's page polls faster than reconcile checks: what it sees first, the merchant hears as soon (once
            // per outcome, as always); the reconcile job ends at its next check.
            if (outcome.kind === 'ok' && outcome.txn.status !== 'pending') outcomes.observe(reference, outcome.txn).catch(() => undefined);
          },
    async keptInstructions(reference) {
      const [text, left] = await Promise.all([store.kept(instructionsKey(reference)), store.keptLeft(instructionsKey(reference))]);
      try {
        if (text === undefined) return undefined;
        const { op, at, data } = JSON.parse(text) as KeptInstructions;
        // By what the store has left of it (Redis's clock), not by `at` on this instance's: instances whose clocks
        // differ by ten minutes drew one transfer account ten minutes apart (re-check trial).
        return { op, age: Math.max(0, left === undefined ? store.clock() - at : KEEP_INSTRUCTIONS_MS - left), data };
      } catch {
        return undefined;
      }
    },
    upstreamHealth,
    health: () => ({ store: store.kind, degraded: !store.healthy(), ...upstreamHealth.report() }),
    gatewayHook,
    drain: () => outcomes.stop(),
    async close() {
      await outcomes.close();
      await store.close();
    },
  };
}
