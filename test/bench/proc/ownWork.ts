// Tender's own work per proxied verify, timed in process: the handler's whole path (routing, limits, body checks,
// answer checks, request id, log line) with the upstream answered from memory and no sockets. The CPU ratio
// under load is noisy on a shared host; this figure is far steadier, and is the part of the ratio Tender's code decides.
import type { TenderConfig } from '../../../src/server/config';
import type { LogRecord } from '../../../src/server/log';
import type { Tender } from '../../../src/server/handler';
import { createNodeTender } from '../../../src/server/node';
import type { UpstreamAnswer } from '../../../src/server/upstream';
import { median } from '../lib/stats';

/** What {@link timeOwnWork} measured, in µs per request (median of the timed batches). */
export interface OwnWork {
  us: number;
  /** The same path with the log line's record dropped instead of formatted and written. */
  usWithoutLog: number;
  /** Answers other than 200 (there should be none: the path timed is the one the load takes). */
  unexpected: number;
  /** How it was timed, for the report: requests in flight, requests a batch, batches timed of each server. */
  chains: number;
  batch: number;
  timed: number;
}

// The sandbox's answer to the bench's verify, as it comes over the wire (its size and shape).
const ANSWER =
  '{"status":true,"message":"Verification successful","data":{"status":"pending","transactionReference":"TND-0SD0M2AEK8","amount":25,"currency":"NGN","merchantName":"Tender Demo Store","message":"Awaiting payment","paymentRedirectUrl":"http://127.0.0.1:46321/sandbox/pay/TND-0SD0M2AEK8"}}';
const BATCH = 40_000;
// Rounds of one batch on each server; the first WARM_ROUNDS warm the code up and are not counted.
const ROUNDS = 8;
const WARM_ROUNDS = 3;
// 32 requests in flight, as the load's 32 connections; each answer starts its chain's next request on the next
// turn of the event loop, as a connection's next request would come (that turn's cost is in the figure).
const CHAINS = 32;

/** Times {@link Tender.serve} on the bench's verify, with and without the log line; the log goes to stdout as served. */
export async function timeOwnWork(config: TenderConfig): Promise<OwnWork> {
  const upstream = async (): Promise<UpstreamAnswer> => ({ status: 200, retryAfter: null, text: ANSWER });
  const body = Buffer.from(JSON.stringify({ transactionReference: 'TND-0SD0M2AEK8' }));
  const headers: Record<string, string> = { host: '127.0.0.1', 'content-type': 'application/json', 'content-length': String(body.length) };
  const request = {
    method: 'POST',
    path: '/api/v1/transaction/verify',
    query: '',
    clientAddress: '127.0.0.1',
    header: (name: string) => headers[name] ?? null,
    body: () => body,
    self: () => new URL('http://127.0.0.1/'),
    toRequest: (): Request => {
      throw new Error('the proxy path builds no Request');
    },
  };
  let unexpected = 0;
  // The server's own dependencies (as `serve` has them), the upstream aside; one with the log line, one without.
  const logged = createNodeTender(config, { upstream });
  const unlogged = createNodeTender(config, { upstream, log: (_record: LogRecord) => {} });
  const batch = (tender: Tender) =>
    new Promise<number>((resolve) => {
      const t0 = process.hrtime.bigint();
      let started = 0;
      let left = BATCH;
      const next = () => {
        started++;
        tender.serve(request, (outcome) => {
          if (outcome.status !== 200) unexpected++;
          if (--left === 0) resolve(Number(process.hrtime.bigint() - t0) / 1000 / BATCH);
          else if (started < BATCH) setImmediate(next);
        });
      };
      for (let c = 0; c < CHAINS; c++) next();
    });
  // Alternating, the order turning each round, so that neither has the warmer code or the quieter moment; the
  // first rounds warm the code up and are dropped.
  const times: [number[], number[]] = [[], []];
  for (let round = 0; round < ROUNDS; round++) {
    const pair = round % 2 ? [unlogged, logged] : [logged, unlogged];
    for (const tender of pair) {
      const us = await batch(tender);
      if (round >= WARM_ROUNDS) times[tender === logged ? 0 : 1].push(us);
    }
  }
  await Promise.all([logged.close(), unlogged.close()]);
  return {
    us: median(times[0])!,
    usWithoutLog: median(times[1])!,
    unexpected,
    chains: CHAINS,
    batch: BATCH,
    timed: ROUNDS - WARM_ROUNDS,
  };
}
