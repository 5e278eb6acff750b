/** Options of the sandbox payment API; every field is optional. */
export interface SandboxOptions {
  /** Port to bind on 127.0.0.1; 0 (the default) picks a free port. */
  port?: number;
  /** The merchant key every /api/ route requires as `Authorization: Bearer …`; default `sk_test_sandbox`. */
  apiKey?: string;
  /** Merchant name shown on sandbox pages and returned by verify; default "Tender Demo Store". */
  merchantName?: string;
  /** The payer's USSD payment completes this long after ussd-payment; null/undefined = only on control action. */
  ussdDelayMs?: number | null;
  /** The payer's bank transfer completes this long after bank-transfer; null/undefined = only on control action. */
  transferDelayMs?: number | null;
  /** Life of a one-off transfer account; default 1200 (20 minutes). */
  transferExpirySeconds?: number;
  /** Merchant transfers (payouts) go pending → successful after this; default 1000; null = only on control action. */
  payoutDelayMs?: number | null;
  /** How long the hang card holds back its answer; default 60 000 (never null: it answers in the end). */
  hangMs?: number;
  /** Where the payer returns when initiate's metaData names no returnUrl; default the sandbox's receipt page. */
  defaultReturnUrl?: string;
  /** Log one line per request (method, path, status, time; never bodies); default false. */
  log?: boolean;
  /** Public origin of the sandbox for the URLs it hands out; default the bound address (or the request's Host). */
  publicUrl?: string;
  /** Clock, for tests; default Date.now. */
  now?: () => number;
  /** Seed for generated references and codes, for tests that need the same ids every run. */
  seed?: number;
}

/** The options with their defaults applied. */
export interface ResolvedOptions {
  apiKey: string;
  merchantName: string;
  ussdDelayMs: number | null;
  transferDelayMs: number | null;
  transferExpirySeconds: number;
  payoutDelayMs: number | null;
  hangMs: number;
  defaultReturnUrl: string | undefined;
  log: boolean;
  publicUrl: string | undefined;
  now: () => number;
  seed: number | undefined;
}

/** Default merchant key of the sandbox. */
const DEFAULT_SANDBOX_API_KEY = 'sk_test_sandbox';

/** Applies the defaults and refuses values that would make the sandbox misbehave silently. */
export function resolveOptions(options: SandboxOptions = {}): ResolvedOptions {
  const delay = (name: string, value: number | null | undefined, fallback: number | null): number | null => {
    if (value === undefined) return fallback;
    if (value === null) return null;
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`sandbox: ${name} must be a number of milliseconds ≥ 0 or null, received ${value}`);
    return value;
  };
  if (options.defaultReturnUrl !== undefined && !isHttpUrl(options.defaultReturnUrl)) {
    throw new TypeError(`sandbox: defaultReturnUrl must be an http(s) URL, received ${JSON.stringify(options.defaultReturnUrl)}`);
  }
  // An unset variable passed as '' would start a sandbox no key opens: every call a 401 to puzzle over.
  if (options.apiKey !== undefined && (typeof options.apiKey !== 'string' || options.apiKey === '')) {
    throw new TypeError(`sandbox: apiKey must be a non-empty string (or left out for ${DEFAULT_SANDBOX_API_KEY}), received ${JSON.stringify(options.apiKey)}`);
  }
  if (options.hangMs === null) throw new RangeError('sandbox: hangMs must be a number of milliseconds ≥ 0 (the hang card always answers in the end)');
  const expiry = options.transferExpirySeconds ?? 1200;
  if (!Number.isInteger(expiry) || expiry <= 0) throw new RangeError(`sandbox: transferExpirySeconds must be a positive integer, received ${expiry}`);
  return {
    apiKey: options.apiKey ?? DEFAULT_SANDBOX_API_KEY,
    merchantName: options.merchantName ?? 'Tender Demo Store',
    ussdDelayMs: delay('ussdDelayMs', options.ussdDelayMs, null),
    transferDelayMs: delay('transferDelayMs', options.transferDelayMs, null),
    transferExpirySeconds: expiry,
    payoutDelayMs: delay('payoutDelayMs', options.payoutDelayMs, 1000),
    hangMs: delay('hangMs', options.hangMs, 60_000) ?? 60_000,
    defaultReturnUrl: options.defaultReturnUrl,
    log: options.log ?? false,
    publicUrl: options.publicUrl?.replace(/\/+$/, ''),
    now: options.now ?? Date.now,
    seed: options.seed,
  };
}

/** True for an absolute http: or https: URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
