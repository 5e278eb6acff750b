import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { statusEnvelope } from '../api/common';
import type { ProxyCall } from '../channels/kit/call';
import { checker } from '../channels/kit/check';
import { isUnknownOutcome } from '../channels/kit/errors';
import { createProxy, parseRetryAfter } from './proxy';
import { unhandledRejectionsOf } from '../../test/support/unhandled';
import { fakeServer } from './testkit';

const Schema = statusEnvelope(v.object({ n: v.number() }));
const call = (extra: Partial<ProxyCall<v.InferOutput<typeof Schema>>> = {}): ProxyCall<v.InferOutput<typeof Schema>> => ({
  method: 'POST',
  path: '/api/v1/x',
  body: { a: 1 },
  check: async () => checker(Schema),
  ...extra,
});

describe('createProxy', () => {
  it('parses a success and sends the idempotency key and JSON body', async () => {
    const s = fakeServer({ 'POST /api/v1/x': { body: { status: true, message: 'ok', data: { n: 1 } } } });
    const r = await createProxy({ fetch: s.fetch }).send(call({ idempotencyKey: 'k-1' }));
    expect(r).toEqual({ ok: true, value: { status: true, message: 'ok', data: { n: 1 } } });
    expect(s.seen[0]).toMatchObject({ method: 'POST', body: { a: 1 }, idempotencyKey: 'k-1' });
  });

  it.each([
    ['an unknown shape', { status: 200, body: { status: true, message: 'ok', data: { n: 'one' } } }, 'invalid_response'],
    ['status:true without data', { status: 200, body: { status: true, message: 'ok' } }, 'invalid_response'],
    ['a non-JSON body', { status: 200, body: undefined }, 'invalid_response'],
    ['the API saying no', { status: 200, body: { status: false, message: 'Insufficient funds' } }, 'declined'],
    ['a decline passed through as 400', { status: 400, body: { status: false, message: 'Incorrect PIN' } }, 'declined'],
    ['a proxy 400', { status: 400, body: { status: false, code: 'invalid_body', message: 'bad' } }, 'bad_request'],
    ['413', { status: 413, body: { status: false, code: 'too_large', message: 'x' } }, 'bad_request'],
    ['429', { status: 429, body: { status: false, code: 'rate_limited', message: 'x' }, headers: { 'retry-after': '7' } }, 'rate_limited'],
    ['502', { status: 502, body: { status: false, code: 'upstream_error', message: 'x' } }, 'upstream'],
    ['504', { status: 504, body: { status: false, code: 'upstream_timeout', message: 'x' } }, 'timeout'],
    ['404', { status: 404, body: { status: false, code: 'not_found', message: 'x' } }, 'config'],
    ["the API's 404 passed through", { status: 404, body: { status: false, message: 'Transaction not found' } }, 'declined'],
    // The server's idempotency answers: a first call with this key still in flight is an unknown outcome, never a decline.
    ['409 in flight', { status: 409, body: { status: false, code: 'idempotency_in_flight', message: 'x' }, headers: { 'retry-after': '1' } }, 'upstream'],
    ['422 another body', { status: 422, body: { status: false, code: 'idempotency_key_reused', message: 'x' } }, 'bad_request'],
    // The Tender server refusing a completion before the API (its shared state unreachable): nothing was charged.
    ['503 store down', { status: 503, body: { status: false, code: 'temporarily_unavailable', message: 'x' }, headers: { 'retry-after': '5' } }, 'paused'],
    // Any other 503 (a load balancer, the API's own, passed through) may come after the call: not known.
    ['503 from elsewhere', { status: 503, body: { status: false, message: 'Service Unavailable' } }, 'upstream'],
    ['503 not JSON', { status: 503, body: undefined }, 'upstream'],
  ])('maps %s', async (_name, answer, code) => {
    const s = fakeServer({ 'POST /api/v1/x': answer });
    const r = await createProxy({ fetch: s.fetch }).send(call());
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe(code);
  });

  it('keeps the API message and responseCode of a decline', async () => {
    const s = fakeServer({ 'POST /api/v1/x': { body: { status: false, message: 'Invalid OTP, please try again', data: { responseCode: 'T0' } } } });
    const r = await createProxy({ fetch: s.fetch }).send(call());
    expect(r).toMatchObject({ ok: false, error: { code: 'declined', message: 'Invalid OTP, please try again', responseCode: 'T0' } });
  });

  it('reads Retry-After', async () => {
    const s = fakeServer({ 'POST /api/v1/x': { status: 429, body: { status: false, code: 'rate_limited', message: 'x' }, headers: { 'retry-after': '7' } } });
    const r = await createProxy({ fetch: s.fetch }).send(call());
    expect(r).toMatchObject({ ok: false, error: { retryAfterMs: 7000 } });
  });

  it('reports a network failure', async () => {
    const s = fakeServer({ 'POST /api/v1/x': 'network-error' });
    expect(await createProxy({ fetch: s.fetch }).send(call())).toEqual({ ok: false, error: { code: 'network' } });
  });

  it.each([
    ['no answer', 'network-error' as const, 'network'],
    ['a gateway error', { status: 502, body: { status: false, code: 'upstream_unreachable', message: 'x' } }, 'upstream'],
    ['a success it cannot check', { body: { status: true, message: 'ok', data: { n: 1 } } }, 'network'],
  ])('leaves no unhandled rejection when the check does not load (offline), after %s', async (_name, answer, code) => {
    const unhandled = await unhandledRejectionsOf(async () => {
      const s = fakeServer({ 'POST /api/v1/x': answer });
      const r = await createProxy({ fetch: s.fetch, checkRetryMs: [0, 0] }).send(
        call({ check: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')) }),
      );
      expect(r).toMatchObject({ ok: false, error: { code } });
    });
    expect(unhandled).toEqual([]);
  });

  it('loads a check again when its chunk did not load (a blip): the answer it checks is not lost', async () => {
    const s = fakeServer({ 'POST /api/v1/x': { body: { status: true, message: 'ok', data: { n: 1 } } } });
    let loads = 0;
    const blip = () => (++loads === 1 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve(checker(Schema)));
    const r = await createProxy({ fetch: s.fetch, checkRetryMs: [5, 5] }).send(call({ check: blip }));
    expect(r).toEqual({ ok: true, value: { status: true, message: 'ok', data: { n: 1 } } });
    expect(loads).toBe(2);
    // Never loading: tried three times in all, then an unknown outcome (verify says what happened), never a success.
    loads = 0;
    const gone = () => (++loads, Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    expect(await createProxy({ fetch: s.fetch, checkRetryMs: [5, 5] }).send(call({ check: gone }))).toEqual({ ok: false, error: { code: 'network' } });
    expect(loads).toBe(3);
  });

  it('loads a check again when its load neither loads nor fails (a module fetch cut off mid-way)', async () => {
    const s = fakeServer({ 'POST /api/v1/x': { body: { status: true, message: 'ok', data: { n: 1 } } } });
    let loads = 0;
    const stuck = () => (++loads === 1 ? new Promise<never>(() => {}) : Promise.resolve(checker(Schema)));
    const proxy = createProxy({ fetch: s.fetch, checkRetryMs: [5, 5], checkLoadMs: 20 });
    expect(await proxy.send(call({ check: stuck }))).toEqual({ ok: true, value: { status: true, message: 'ok', data: { n: 1 } } });
    expect(loads).toBe(2);
    // Never settling at all: an unknown outcome in the end (verify says what happened), never a wait for good.
    expect(await proxy.send(call({ check: () => new Promise<never>(() => {}) }))).toEqual({ ok: false, error: { code: 'network' } });
  });

  it('sends nothing while the device is offline: a known outcome, its check not even loaded', async () => {
    const s = fakeServer({ 'POST /api/v1/x': { body: { status: true, message: 'ok', data: { n: 1 } } } });
    let loaded = 0;
    const offline = createProxy({ fetch: s.fetch, online: () => false });
    const r = await offline.send(call({ check: async () => (loaded++, checker(Schema)) }));
    expect(r).toEqual({ ok: false, error: { code: 'offline' } });
    expect(isUnknownOutcome({ code: 'offline' })).toBe(false);
    expect([s.seen.length, loaded]).toEqual([0, 0]);
    // Back online, the same call goes out.
    expect(await createProxy({ fetch: s.fetch, online: () => true }).send(call())).toMatchObject({ ok: true });
  });

  it('times out on its own', async () => {
    const never: typeof fetch = (_u, init) =>
      new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const r = await createProxy({ fetch: never, timeoutMs: 20 }).send(call());
    expect(r).toEqual({ ok: false, error: { code: 'timeout' } });
  });

  it('treats time-outs, network and gateway errors as unknown outcomes, refusals as known', () => {
    expect(['network', 'timeout', 'upstream', 'invalid_response'].every((code) => isUnknownOutcome({ code: code as 'network' }))).toBe(true);
    expect(['declined', 'rate_limited', 'bad_request', 'config'].some((code) => isUnknownOutcome({ code: code as 'declined' }))).toBe(false);
  });
});

describe('parseRetryAfter', () => {
  it.each([
    ['5', 5000],
    ['0', 0],
    ['99999', 3_600_000],
    ['Thu, 01 Jan 1970 00:00:10 GMT', 10_000],
    ['soon', undefined],
    [null, undefined],
  ])('%s → %s', (h, ms) => expect(parseRetryAfter(h, 0)).toBe(ms));
});
