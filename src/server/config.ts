import { baseWithoutApiV1 } from '../api/routes';
import { isLoopbackHost, normaliseHostEntry } from '../platform/redirectPolicy';
import { webhookSecretBytes } from './webhookVerify';

/** Everything the Tender server needs, read once from the environment by {@link configFromEnv}. */
export interface TenderConfig {
  /** Payment API base URL without a trailing slash, e.g. https://api.example.com or https://api.example.com/gw. */
  readonly apiBaseUrl: string;
  /** Merchant API key. Configs made by configFromEnv print it as "[redacted]" in JSON.stringify and console.log. */
  readonly apiKey: string;
  readonly port: number;
  readonly host: string;
  /**
   * The path the server answers under (`TENDER_BASE_PATH`, e.g. `/pay`): `/pay/tender.js`, `/pay/checkout/`,
   * `/pay/api/v1/…`. Unset: the root. The handler's `basePath` option, when given, takes precedence.
   */
  readonly basePath?: string;
  /** Exact storefront origins that may embed the page and call the proxy (`https://shop.example`). */
  readonly allowedOrigins: readonly string[];
  /** Hosts the payer may be sent to; always includes the payment API's own host. */
  readonly redirectHosts: readonly string[];
  /** Sandbox mode: the API is plain http on loopback, so plain http redirects to loopback are allowed. */
  readonly allowHttpLoopback: boolean;
  readonly upstreamTimeoutMs: number;
  /** Requests per minute per client for verify and the bank list; 0 turns rate limiting off. */
  readonly rateLimitPerMinute: number;
  /** Requests per minute per client for the calls that move money (card, OTP, USSD, transfer, wallets). */
  readonly completionRateLimitPerMinute: number;
  /** How many reverse proxies in front of the server to trust for X-Forwarded-For; 0 = ignore the header. */
  readonly trustProxy: number;
  readonly walletNames: { readonly a: string; readonly b: string };
  /** Shared state for several instances (`redis://…`); undefined keeps it in this process's memory. */
  readonly redisUrl?: string;
  /** Where the merchant receives signed outcome webhooks; undefined sends none. */
  readonly webhookUrl?: string;
  /** The Standard Webhooks signing secret (`whsec_…`); set whenever webhookUrl is. Redacted like the key. */
  readonly webhookSecret?: string;
  /** How long the server keeps verifying a payment that is not final, from its first completion call. */
  readonly reconcileHorizonMs: number;
  /** Upstream calls the server makes on its own (page verify, reconcile) in flight at once, at most. */
  readonly maxUpstreamInFlight: number;
}

/** The outcome of reading the environment: a config (plus warnings), or every problem found. */
export type ConfigResult =
  | { readonly ok: true; readonly config: TenderConfig; readonly warnings: readonly string[] }
  | { readonly ok: false; readonly errors: readonly string[] };

/** Defaults of the optional variables, exported for documentation and tests. */
export const CONFIG_DEFAULTS = {
  port: 8081,
  host: '127.0.0.1',
  upstreamTimeoutMs: 15_000,
  rateLimitPerMinute: 300,
  walletNames: { a: 'Wallet A', b: 'Wallet B' },
  reconcileHorizonMs: 24 * 60 * 60 * 1000,
  maxUpstreamInFlight: 32,
} as const;

/** Completion calls move money; they get this fraction of the general per-client limit. */
const COMPLETION_LIMIT_DIVISOR = 5;

type Env = Readonly<Record<string, string | undefined>>;

const show = (value: string): string => JSON.stringify(value.length > 200 ? `${value.slice(0, 200)}…` : value);

/** Options of {@link configFromEnv}. */
export interface ConfigOptions {
  /**
   * False when Tender is mounted in your app, which listens itself: `PORT` and `HOST` are then your app's (a socket
   * path, a named pipe, a URL) and are not read. Default true: `tender serve` and `startTenderServer` listen on them.
   */
  readonly listen?: boolean;
}

// Said with a PORT or HOST Tender cannot listen on: in an app that mounts Tender they are the app's, not Tender's.
const MOUNTED_HINT = 'if Tender is mounted in your app, configFromEnv(process.env, { listen: false }) leaves PORT and HOST to it';

/**
 * Reads and checks the Tender server's environment (README, configuration). Every problem is reported at once, each
 * saying what was expected and what was received. The API key is never part of any message.
 */
export function configFromEnv(env: Env, options: ConfigOptions = {}): ConfigResult {
  const errors: string[] = [];
  const warnings: string[] = [];
  const get = (name: string): string | undefined => {
    const raw = env[name];
    return raw === undefined || raw.trim() === '' ? undefined : raw;
  };

  const base = readBaseUrl(get('TENDER_API_BASE_URL'), errors, warnings);
  const apiKey = readApiKey(env.TENDER_API_KEY, errors);

  const listen = options.listen !== false;
  const listenErrors: string[] = [];
  const port = listen ? readInt('PORT', get('PORT'), CONFIG_DEFAULTS.port, 0, 65_535, listenErrors) : CONFIG_DEFAULTS.port;
  const host = listen ? (get('HOST') ?? CONFIG_DEFAULTS.host).trim() : CONFIG_DEFAULTS.host;
  if (/[\s/]/.test(host)) listenErrors.push(`HOST must be a host name or IP address to listen on, e.g. 127.0.0.1 or 0.0.0.0; received ${show(host)}`);
  for (const error of listenErrors) errors.push(`${error} (${MOUNTED_HINT})`);

  const allowedOrigins = readOrigins(get('TENDER_ALLOWED_ORIGINS'), errors);
  const basePath = readBasePath(get('TENDER_BASE_PATH'), errors);

  const redirectHosts: string[] = [];
  for (const entry of splitList(get('TENDER_REDIRECT_HOSTS'))) {
    // Matching is exact: a wildcard would be taken as a host name that matches nothing, found only at payment time.
    if (entry.includes('*')) {
      errors.push(`TENDER_REDIRECT_HOSTS: exact host names only, no wildcards (list each host the payer may be sent to), received ${show(entry)}`);
      continue;
    }
    const normalised = normaliseHostEntry(entry);
    if (!normalised) {
      errors.push(`TENDER_REDIRECT_HOSTS: expected host names like pay.example.com or cashier.example.com:8443, received ${show(entry)}`);
    } else if (!redirectHosts.includes(normalised.toLowerCase())) {
      redirectHosts.push(normalised.toLowerCase());
    }
  }
  if (base && !redirectHosts.includes(base.host)) redirectHosts.unshift(base.host);

  const upstreamTimeoutMs = readInt('TENDER_UPSTREAM_TIMEOUT_MS', get('TENDER_UPSTREAM_TIMEOUT_MS'), CONFIG_DEFAULTS.upstreamTimeoutMs, 100, 300_000, errors);
  const rateLimitPerMinute = readInt('TENDER_RATE_LIMIT', get('TENDER_RATE_LIMIT'), CONFIG_DEFAULTS.rateLimitPerMinute, 0, 1_000_000, errors);
  const trustProxy = readTrustProxy(get('TENDER_TRUST_PROXY'), errors);
  const walletA = readName('TENDER_WALLET_A_NAME', get('TENDER_WALLET_A_NAME'), CONFIG_DEFAULTS.walletNames.a, errors);
  const walletB = readName('TENDER_WALLET_B_NAME', get('TENDER_WALLET_B_NAME'), CONFIG_DEFAULTS.walletNames.b, errors);

  const redisUrl = readRedisUrl(get('TENDER_REDIS_URL'), errors);
  const webhook = readWebhook(get('TENDER_WEBHOOK_URL'), get('TENDER_WEBHOOK_SECRET'), errors, warnings);
  const reconcileHorizonMs = readDuration('TENDER_RECONCILE_HORIZON', get('TENDER_RECONCILE_HORIZON'), CONFIG_DEFAULTS.reconcileHorizonMs, errors);
  const maxUpstreamInFlight = readInt(
    'TENDER_UPSTREAM_MAX_IN_FLIGHT',
    get('TENDER_UPSTREAM_MAX_IN_FLIGHT'),
    CONFIG_DEFAULTS.maxUpstreamInFlight,
    1,
    10_000,
    errors,
  );

  if (errors.length || !base || apiKey === undefined) {
    // A key pasted into the wrong variable must not come back in a message either.
    return { ok: false, errors: errors.map((e) => redact(e, apiKey)) };
  }
  const config: TenderConfig & Record<string | symbol, unknown> = {
    apiBaseUrl: base.url,
    apiKey,
    port,
    host,
    basePath,
    allowedOrigins,
    redirectHosts,
    allowHttpLoopback: base.sandbox,
    upstreamTimeoutMs,
    rateLimitPerMinute,
    completionRateLimitPerMinute: rateLimitPerMinute === 0 ? 0 : Math.max(1, Math.floor(rateLimitPerMinute / COMPLETION_LIMIT_DIVISOR)),
    trustProxy,
    walletNames: { a: walletA, b: walletB },
    redisUrl,
    webhookUrl: webhook?.url,
    webhookSecret: webhook?.secret,
    reconcileHorizonMs,
    maxUpstreamInFlight,
    // Plain, enumerable methods reading `this`: a spread copy (`{ ...config, port: 0 }`) keeps both the key
    // and its redaction.
    toJSON() {
      return redactedCopy(this);
    },
    [INSPECT]() {
      return redactedCopy(this);
    },
  };
  return { ok: true, config, warnings: warnings.map((w) => redact(w, apiKey)) };
}

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

function redactedCopy(config: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(config)) {
    if (typeof val === 'function') continue;
    out[k] =
      (k === 'apiKey' || k === 'webhookSecret') && val !== undefined ? '[redacted]' : k === 'redisUrl' && typeof val === 'string' ? redactUserinfo(val) : val;
  }
  return out;
}

// Short values would match ordinary words; a real key is long enough to be told apart.
function redact(message: string, key: string | undefined): string {
  return key && key.length >= 6 ? message.split(key).join('[redacted]') : message;
}

function splitList(raw: string | undefined): string[] {
  return raw
    ? raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
}

function readApiKey(raw: string | undefined, errors: string[]): string | undefined {
  if (raw === undefined || raw === '') {
    errors.push('TENDER_API_KEY is required: the merchant API key the server sends upstream as "Authorization: Bearer <key>"; received nothing');
    return undefined;
  }
  // Describe the value without showing it: its length and what is wrong with it.
  if (/\s/.test(raw)) {
    const where = /^\s|\s$/.test(raw) ? 'at its start or end (check the quoting of the variable)' : 'inside it';
    errors.push(`TENDER_API_KEY must be the bare key with no white space (not "Bearer …"); received a ${raw.length}-character value with white space ${where}`);
    return raw;
  }
  if (!/^[\x21-\x7e]+$/.test(raw)) {
    errors.push(`TENDER_API_KEY must be printable ASCII; received a ${raw.length}-character value with other characters`);
  }
  return raw;
}

function readBaseUrl(raw: string | undefined, errors: string[], warnings: string[]): { url: string; host: string; sandbox: boolean } | undefined {
  const example = 'e.g. https://api.example.com or, for the sandbox, http://127.0.0.1:8082';
  if (raw === undefined) {
    errors.push(`TENDER_API_BASE_URL is required: the payment API base URL, ${example}; received nothing`);
    return undefined;
  }
  const value = raw.trim();
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    errors.push(`TENDER_API_BASE_URL must be an absolute http(s) URL, ${example}; received ${show(value)}`);
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    errors.push(`TENDER_API_BASE_URL must use https: (or http: for a local sandbox); received the scheme ${show(url.protocol)}`);
    return undefined;
  }
  if (url.username || url.password) {
    // Not echoed: whatever sits in the userinfo is probably a secret.
    errors.push('TENDER_API_BASE_URL must not carry a user name or password; put the key in TENDER_API_KEY');
    return undefined;
  }
  if (url.search || url.hash) {
    errors.push(`TENDER_API_BASE_URL must have no query or fragment; received ${show(value)}`);
    return undefined;
  }
  // A base that ends with /api/v1 sent each call to /api/v1/api/v1/…, a 404 with no hint (operator trial). Refused
  // rather than stripped: the fix is the merchant's one line, and a base that quietly differs from what they wrote
  // would mislead the next reader of their settings.
  const without = baseWithoutApiV1(url);
  if (without !== undefined) {
    errors.push(
      `TENDER_API_BASE_URL must be the payment API's base without /api/v1 (Tender adds /api/v1/… to every call); received ${show(value)}: set ${show(without)}`,
    );
    return undefined;
  }
  const sandbox = url.protocol === 'http:' && isLoopbackHost(url.hostname);
  if (url.protocol === 'http:' && !sandbox) {
    warnings.push(`TENDER_API_BASE_URL is plain http on a non-loopback host (${url.host}): the API key would travel unencrypted; use https`);
  }
  return { url: url.origin + url.pathname.replace(/\/+$/, ''), host: url.host.toLowerCase(), sandbox };
}

/** `/pay` or `/shop/pay`: a leading slash, plain segments, no trailing slash, query or fragment; undefined for the root. */
function readBasePath(raw: string | undefined, errors: string[]): string | undefined {
  if (raw === undefined) return undefined;
  const value = raw.trim();
  if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(value) || value.split('/').some((s) => s === '.' || s === '..')) {
    errors.push(
      `TENDER_BASE_PATH must be a path like /pay or /shop/pay (a leading slash, letters, digits, . _ ~ -, no trailing slash, query or fragment; unset for the root); received ${show(value)}`,
    );
    return undefined;
  }
  return value;
}

function readOrigins(raw: string | undefined, errors: string[]): string[] {
  const out: string[] = [];
  for (const entry of splitList(raw)) {
    const problem = `TENDER_ALLOWED_ORIGINS: expected exact origins like https://shop.example or http://localhost:8080 (scheme, host, optional port; no path or wildcard); received ${show(entry)}`;
    if (entry.includes('*') || entry === 'null') {
      errors.push(problem);
      continue;
    }
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      errors.push(problem);
      continue;
    }
    if (
      (url.protocol !== 'https:' && url.protocol !== 'http:') ||
      url.username ||
      url.password ||
      (url.pathname !== '/' && url.pathname !== '') ||
      url.search ||
      url.hash ||
      // `https://shop.example/x` parses with pathname /x; `https://shop.example?` leaves a bare "?" behind.
      /[?#]/.test(entry)
    ) {
      errors.push(problem);
      continue;
    }
    if (!out.includes(url.origin)) out.push(url.origin);
  }
  return out;
}

function readInt(name: string, raw: string | undefined, fallback: number, min: number, max: number, errors: string[]): number {
  if (raw === undefined) return fallback;
  const value = raw.trim();
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < min || n > max) {
    errors.push(`${name} must be a whole number from ${min} to ${max}; received ${show(value)}`);
    return fallback;
  }
  return n;
}

function readTrustProxy(raw: string | undefined, errors: string[]): number {
  if (raw === undefined) return 0;
  const value = raw.trim().toLowerCase();
  if (value === 'false' || value === 'no' || value === 'off' || value === '0') return 0;
  if (value === 'true' || value === 'yes' || value === 'on') return 1;
  if (/^\d+$/.test(value) && Number(value) <= 10) return Number(value);
  errors.push(`TENDER_TRUST_PROXY must be true/false or the number of reverse proxies in front of the server (1 to 10); received ${show(raw)}`);
  return 0;
}

function readName(name: string, raw: string | undefined, fallback: string, errors: string[]): string {
  if (raw === undefined) return fallback;
  const value = raw.trim();
  if (value.length > 40 || /[\u0000-\u001f\u007f]/.test(value)) {
    errors.push(`${name} must be a display name of at most 40 printable characters; received ${show(value)}`);
    return fallback;
  }
  return value;
}

/** A URL with its password (and user name) hidden, for logs and JSON. */
export function redactUserinfo(url: string): string {
  try {
    const u = new URL(url);
    if (!u.username && !u.password) return url;
    u.username = '';
    u.password = '';
    return u.toString().replace('//', '//[redacted]@');
  } catch {
    return '[redacted]';
  }
}

function readRedisUrl(raw: string | undefined, errors: string[]): string | undefined {
  if (raw === undefined) return undefined;
  const value = raw.trim();
  const problem = 'TENDER_REDIS_URL must be a Redis URL like redis://127.0.0.1:6379, redis://:password@host:6379/0 or rediss://host:6380';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // Not echoed: a malformed URL may still carry a password.
    errors.push(`${problem}; received a value that is not a URL`);
    return undefined;
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    errors.push(`${problem}; received the scheme ${show(url.protocol)}`);
    return undefined;
  }
  if (!url.hostname || url.search || url.hash || !/^\/?\d{0,2}$/.test(url.pathname)) {
    errors.push(`${problem}; received ${show(redactUserinfo(value))}`);
    return undefined;
  }
  return value;
}

/**
 * A Standard Webhooks secret: `whsec_` and the standard base64 of its key bytes, padded, as written again from them;
 * the bytes as verifyWebhook takes them (webhookSecretBytes: at least 24). The merchant's library decodes it in their
 * language, and not every decoder forgives what Node's does (Python's refuses a missing `=`, and trailing bits that
 * are not zero decode differently from one to another): the same secret must give the same key on both sides.
 */
function isWebhookSecret(secret: string): boolean {
  const b64 = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(secret)?.[1];
  if (b64 === undefined) return false;
  try {
    return btoa(String.fromCharCode(...webhookSecretBytes(secret))) === b64;
  } catch {
    return false;
  }
}

function readWebhook(url: string | undefined, secret: string | undefined, errors: string[], warnings: string[]): { url: string; secret: string } | undefined {
  if (url === undefined) {
    if (secret !== undefined) warnings.push('TENDER_WEBHOOK_SECRET is set but TENDER_WEBHOOK_URL is not: no webhooks will be sent');
    return undefined;
  }
  // Both checked, whatever the first says: every problem in one start, not one per deploy.
  const endpoint = readWebhookUrl(url, errors);
  const key = readWebhookSecret(secret, errors);
  return endpoint && key ? { url: endpoint, secret: key } : undefined;
}

/**
 * A webhook URL as an error may show it: its scheme and host, never its path or query (a token in either, as the
 * start-up banner never shows them either), nor a user name or password.
 */
function endpointShown(url: string): string {
  try {
    const parsed = new URL(url.trim());
    const rest = parsed.pathname !== '/' || parsed.search || parsed.hash ? '/…' : '';
    return `${parsed.protocol}//${parsed.username || parsed.password ? '…@' : ''}${parsed.host}${rest}`;
  } catch {
    // Not a URL: up to where a path or query would start, any user name or password left out.
    const text = url.trim();
    const m = /^([^/?#]*)(?:\/\/([^/?#]*))?/.exec(text) as RegExpExecArray;
    const head = m[1] + (m[2] === undefined ? '' : `//${m[2].replace(/^.*@/, '…@')}`);
    return m[0].length < text.length ? `${head}…` : head;
  }
}

function readWebhookUrl(url: string, errors: string[]): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    errors.push(
      `TENDER_WEBHOOK_URL must be an absolute https URL of the merchant's webhook endpoint, e.g. https://shop.example/webhooks/tender; received ${show(endpointShown(url))}`,
    );
    return undefined;
  }
  const loopback = parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname);
  if ((parsed.protocol !== 'https:' && !loopback) || parsed.username || parsed.password || parsed.hash) {
    errors.push(
      `TENDER_WEBHOOK_URL must be an https URL with no user name, password or fragment (plain http only to loopback, for local testing); received ${show(endpointShown(url))}`,
    );
    return undefined;
  }
  return parsed.toString();
}

function readWebhookSecret(secret: string | undefined, errors: string[]): string | undefined {
  if (secret === undefined) {
    errors.push('TENDER_WEBHOOK_SECRET is required with TENDER_WEBHOOK_URL: the signing secret, "whsec_" and at least 24 random bytes in base64');
    return undefined;
  }
  // Several, space-separated, while the secret is rotated: each delivery is signed with every one.
  const secrets = secret.trim().split(/\s+/);
  const wrong = secrets.findIndex((s) => !isWebhookSecret(s));
  if (secrets.length > MAX_WEBHOOK_SECRETS || wrong !== -1) {
    // Described, never shown: it is a secret.
    const which =
      secrets.length > MAX_WEBHOOK_SECRETS
        ? `${secrets.length} secrets, more than the ${MAX_WEBHOOK_SECRETS} a rotation needs`
        : secrets.length > 1
          ? `${secrets.length} space-separated values, and value ${wrong + 1} (${secrets[wrong]!.length} characters) is not one`
          : `a ${secret.length}-character value that is not one`;
    errors.push(
      `TENDER_WEBHOOK_SECRET must be "whsec_" followed by at least 24 random bytes in base64 (standard, padded; e.g. from: node -e "console.log('whsec_'+crypto.randomBytes(32).toString('base64'))"), or two of them separated by a space while you rotate it; received ${which}`,
    );
    return undefined;
  }
  return secrets.join(' ');
}

/** The old secret and the new one, while a rotation runs. */
const MAX_WEBHOOK_SECRETS = 2;

const DURATION = /^(\d{1,9})\s*(ms|s|m|h|d)$/;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

function readDuration(name: string, raw: string | undefined, fallback: number, errors: string[]): number {
  if (raw === undefined) return fallback;
  const m = DURATION.exec(raw.trim().toLowerCase());
  const ms = m ? Number(m[1]) * (UNIT_MS[m[2]!] as number) : Number.NaN;
  if (!(ms >= 60_000 && ms <= 30 * 86_400_000)) {
    errors.push(`${name} must be a duration from 1m to 30d, like 24h, 90m or 7d; received ${show(raw)}`);
    return fallback;
  }
  return ms;
}
