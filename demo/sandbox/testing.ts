import { afterAll, beforeAll } from 'vitest';
import { createApiClient, type ApiClient, type ApiResult } from '../../src/api/client';
import type { InitiateRequest, TransactionStatus } from '../../src/api';
import { startSandbox, type RunningSandbox, type SandboxOptions } from './server';

/** The key the test sandboxes use. */
const TEST_KEY = 'sk_test_sandbox';

/** A card that is valid for years after any test run. */
export const FUTURE = { expiryMonth: '12', expiryYear: '2099', cvv: '123' } as const;

/** Default initiate input for tests. */
export function initiateInput(extra: Partial<InitiateRequest> = {}): InitiateRequest {
  return {
    amount: 5000,
    currency: 'NGN',
    checkoutCustomerData: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Obi', phoneNumber: '08031234567' },
    ...extra,
  };
}

/** The value of an ok result, or a thrown error that shows what went wrong. */
export function expectOk<T>(result: ApiResult<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.value;
}

/** The error of a failed result. */
export function expectError<T>(result: ApiResult<T>) {
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.value)}`);
  return result.error;
}

/** Starts a sandbox for a test file (closed afterwards) with a typed client and small helpers. */
export function useSandbox(options: SandboxOptions = {}, clientTimeoutMs = 5000) {
  let running: RunningSandbox | undefined;
  let client: ApiClient | undefined;
  beforeAll(async () => {
    running = await startSandbox({ apiKey: TEST_KEY, ...options });
    client = createApiClient({ baseUrl: running.url, apiKey: TEST_KEY, timeoutMs: clientTimeoutMs });
  });
  afterAll(() => running?.close());
  const fixture = {
    get url() {
      return running!.url;
    },
    get running() {
      return running!;
    },
    get client() {
      return client!;
    },
    /** A fresh pending transaction's reference. */
    async initiate(extra: Partial<InitiateRequest> = {}): Promise<string> {
      return expectOk(await fixture.client.initiatePaymentLink(initiateInput(extra))).data.transactionReference;
    },
    /** The transaction's status as verify reports it. */
    async status(reference: string): Promise<TransactionStatus> {
      return expectOk(await fixture.client.verifyTransaction({ transactionReference: reference })).data.status;
    },
    /** A raw request to the sandbox (with the key unless headers say otherwise). */
    fetch(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
      const { json, headers, ...rest } = init;
      return fetch(running!.url + path, {
        ...rest,
        redirect: 'manual',
        headers: {
          authorization: `Bearer ${TEST_KEY}`,
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
          ...(headers as Record<string, string>),
        },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      });
    },
    /** Submits a sandbox page's form the way a browser does. */
    submit(path: string, action: string): Promise<Response> {
      return fetch(running!.url + path, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ action }).toString(),
      });
    },
  };
  return fixture;
}
