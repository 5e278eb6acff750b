// `tender-checkout/sandbox`: the sandbox payment API for a merchant's own tests (QA trial: a test had to spawn the
// CLI and read its address off stdout, could not make a USSD or transfer payment wait or fail but against an 8 s
// timer, and left the process behind when it crashed). In the test's own process, on a free port, stopped by close().
import { startSandbox as start, type SandboxOptions } from './server';
import type { TransactionStatus } from '../../src/api/status';

export type { SandboxOptions } from './options';
export { TEST_CARDS, TEST_OTP, TEST_PIN, type CardBehaviour, type TestCard } from './testCards';

/** A final status a test may give a payment in the sandbox. */
export type SandboxFinalStatus = Exclude<TransactionStatus, 'pending'>;

/** A sandbox payment API running in this process on 127.0.0.1. */
export interface TestSandbox {
  /** Its base URL (no trailing slash): the Tender server's `TENDER_API_BASE_URL`. */
  readonly url: string;
  readonly port: number;
  /** The key it requires: the Tender server's `TENDER_API_KEY`. */
  readonly apiKey: string;
  /**
   * Ends a payment as the payer or their bank would (a USSD code dialled, a transfer sent, a wallet approved, or
   * any other final status); rejects with the sandbox's message when it cannot (already final, an expired account).
   */
  complete(reference: string, status?: SandboxFinalStatus): Promise<void>;
  /**
   * Ends a transfer account's life now, in the sandbox: a later {@link TestSandbox.complete} as successful is refused,
   * as money sent to an expired account is returned. Verify still says pending, and an open checkout counts down the
   * time it was given: for its expired screen, start the sandbox with a short `transferExpirySeconds`.
   */
  expire(reference: string): Promise<void>;
  /** Stops it: its port, its timers, the answers it holds back. */
  close(): Promise<void>;
}

/**
 * Starts the sandbox payment API. USSD and transfer payments wait for {@link TestSandbox.complete} unless
 * `ussdDelayMs` / `transferDelayMs` say when they complete by themselves; cards behave as {@link TEST_CARDS} say.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  const running = await start(options);
  let closing: Promise<void> | undefined;
  const control = async (reference: string, action: 'complete' | 'expire', body?: { status: SandboxFinalStatus }) => {
    if (closing) throw new Error(`sandbox: ${action} ${reference}: the sandbox is closed`);
    const res = await fetch(`${running.url}/sandbox/transactions/${encodeURIComponent(reference)}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    if (!res.ok) {
      const message = ((await res.json().catch(() => ({}))) as { message?: unknown }).message;
      throw new Error(`sandbox: ${action} ${reference}: ${typeof message === 'string' ? message : `HTTP ${res.status}`}`);
    }
  };
  return {
    url: running.url,
    port: running.port,
    apiKey: running.sandbox.options.apiKey,
    complete: (reference, status = 'successful') => control(reference, 'complete', { status }),
    expire: (reference) => control(reference, 'expire'),
    close: () => (closing ??= running.close()),
  };
}
