// The merchant's side of Tender's webhooks: checking a Standard Webhooks (https://www.standardwebhooks.com) message,
// the headers webhook-id, webhook-timestamp and webhook-signature, the signature `v1,<base64 HMAC-SHA256 of
// "id.timestamp.body">` under the secret's bytes, and a secret written `whsec_<base64>`. Web Crypto and no node:
// module, so one implementation runs in Node 20+ and on edge runtimes (web.ts exports it for Workers).
// Tender's own signing, on node:crypto, is in webhooks.ts.

/** The event type Tender sends for each final status (`pending` is never final). */
export const WEBHOOK_EVENT_TYPES = {
  successful: 'payment.successful',
  failed: 'payment.failed',
  abandoned: 'payment.abandoned',
  cancelled: 'payment.cancelled',
  void: 'payment.voided',
  reversed: 'payment.reversed',
} as const;

/** A final status of a payment, as a webhook's `data.status` says it. */
export type TenderFinalStatus = keyof typeof WEBHOOK_EVENT_TYPES;

/** What a webhook says of the payment; `status` is the one its event `type` names. */
export interface TenderWebhookData<S extends TenderFinalStatus = TenderFinalStatus> {
  readonly transactionReference: string;
  /** The final status: `payment.successful` carries `successful`, `payment.voided` carries `void`, and so on. */
  readonly status: S;
  readonly amount?: number;
  readonly currency?: string;
  readonly channel?: string;
  readonly message?: string;
  /** When the payer paid, as the payment API says (ISO 8601), when it says: the time a payer's bank shows. */
  readonly paidAt?: string;
}

/**
 * The JSON body of a webhook Tender sends: one final outcome of a payment. A union by `type`, so that checking the
 * type narrows `data.status` (and a misspelt status is a compile error).
 */
export type TenderWebhookEvent = {
  readonly [S in TenderFinalStatus]: {
    readonly type: (typeof WEBHOOK_EVENT_TYPES)[S];
    /** When the outcome was found, ISO 8601. */
    readonly timestamp: string;
    readonly data: TenderWebhookData<S>;
  };
}[TenderFinalStatus];

/** Why a webhook was refused by {@link verifyWebhook}. */
export type WebhookErrorCode =
  | 'invalid_secret'
  | 'missing_headers'
  | 'invalid_timestamp'
  | 'timestamp_too_old'
  | 'timestamp_too_new'
  | 'invalid_signature'
  | 'invalid_payload';

/** Thrown by {@link verifyWebhook}: a closed `code` for programs and a message that says what to check. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  constructor(
    readonly code: WebhookErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Options of {@link verifyWebhook}. */
export interface VerifyWebhookOptions {
  /** How far the timestamp may be from now, either way, in seconds; default 300 (the spec's five minutes). */
  readonly toleranceSeconds?: number | undefined;
  /** The current time in seconds since the epoch; default the clock's. */
  readonly nowSeconds?: number | undefined;
}

/** Headers as node:http, a Web `Headers`, or a plain record gives them. */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

/** The fewest key bytes a secret may have: the server's configuration (config.ts) asks the same of TENDER_WEBHOOK_SECRET. */
const MIN_SECRET_BYTES = 24;

/**
 * Base64 to bytes, without Buffer, as leniently as Node's Buffer decodes what matches `[A-Za-z0-9+/]+={0,2}`
 * (padding optional, a dangling last character dropped): Tender's signer decodes its secret that way.
 * Undefined when it is not base64 at all.
 */
function fromBase64(b64: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) return undefined;
  let digits = b64.replace(/=+$/, '');
  if (digits.length % 4 === 1) digits = digits.slice(0, -1);
  let binary: string;
  try {
    binary = atob(digits);
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The key bytes of a `whsec_…` secret (a bare base64 secret is accepted too, as the reference library does; space
 * around it is ignored, as the server's configuration ignores it). Throws `invalid_secret` under 24 bytes.
 */
export function webhookSecretBytes(secret: string): Uint8Array {
  const trimmed = secret.trim();
  const key = fromBase64(trimmed.startsWith('whsec_') ? trimmed.slice('whsec_'.length) : trimmed);
  if (!key || key.length < MIN_SECRET_BYTES) {
    throw new WebhookVerificationError(
      'invalid_secret',
      `The webhook secret must be "whsec_" followed by at least ${MIN_SECRET_BYTES} random bytes in base64, as Tender prints and takes it (TENDER_WEBHOOK_SECRET).`,
    );
  }
  return key;
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  const value = record[name] ?? Object.entries(record).find(([k]) => k.toLowerCase() === name)?.[1];
  return typeof value === 'string' ? value : value?.[0];
}

const RAW_BODY = 'verifyWebhook: pass the body exactly as received (its raw text or bytes: a string, Uint8Array or ArrayBuffer, before any JSON parsing)';

/** The body's bytes, or a TypeError naming what was passed instead (a programming mistake, not a bad request). */
function bodyBytes(body: unknown): Uint8Array<ArrayBuffer> {
  if (typeof body === 'string') return new TextEncoder().encode(body);
  // A copy: the bytes may be a view of a larger (or shared) buffer, and Web Crypto wants an ArrayBuffer's.
  if (body instanceof Uint8Array) return new Uint8Array(body);
  if (body instanceof ArrayBuffer) return new Uint8Array(body.slice(0));
  if (body === undefined || body === null) {
    throw new TypeError(`${RAW_BODY}; received ${body} (no body: was the request's content-type application/json, and is the raw body passed?)`);
  }
  if (typeof body === 'object') {
    const proto = Object.getPrototypeOf(body) as object | null;
    if (proto === Object.prototype || proto === null || Array.isArray(body)) {
      throw new TypeError(
        `${RAW_BODY}; received an object (parsed JSON? in Express use express.raw({ type: 'application/json' }) for this route, and declare the route before app.use(express.json()), which parses every body first)`,
      );
    }
    const kind = (body as { constructor?: { name?: unknown } }).constructor?.name;
    throw new TypeError(
      `${RAW_BODY}; received ${typeof kind === 'string' && kind ? `a ${kind}` : 'an object'} (read the body first, e.g. await request.text())`,
    );
  }
  throw new TypeError(`${RAW_BODY}; received a ${typeof body}`);
}

/** The key, or a TypeError when there is no secret at all (an unset environment variable, most often). */
function secretKeys(secret: unknown): Uint8Array<ArrayBuffer>[] {
  const list = Array.isArray(secret) ? (secret as unknown[]) : typeof secret === 'string' ? secret.trim().split(/\s+/) : [secret];
  if (list.length === 0 || list.some((one) => typeof one !== 'string' || one.trim() === '')) {
    const got =
      typeof secret === 'string'
        ? 'an empty string'
        : secret === undefined || secret === null
          ? String(secret)
          : Array.isArray(secret)
            ? 'a list with an empty or non-string entry'
            : `a ${typeof secret}`;
    throw new TypeError(
      `verifyWebhook: the secret is missing (TENDER_WEBHOOK_SECRET? is that environment variable set where this code runs?); received ${got}`,
    );
  }
  // Over an ArrayBuffer (fromBase64 makes it), as Web Crypto's types want.
  return list.map((one) => webhookSecretBytes((one as string).trim()) as Uint8Array<ArrayBuffer>);
}

/**
 * Checks a Tender webhook (or any Standard Webhooks message) and resolves to its parsed JSON payload: a
 * {@link TenderWebhookEvent}, or `T` for another sender (its shape is not checked: the signature vouches for it).
 * Pass the body exactly as received (the raw text or bytes, before any JSON parsing), the request's headers and
 * the secret: one, or several while it is rotated (an array, or space-separated as TENDER_WEBHOOK_SECRET has them
 * then), any of which may have signed it. Signatures are compared in constant time; a timestamp more than `toleranceSeconds` from now is refused
 * (a replay). Rejects with a {@link WebhookVerificationError} saying what is wrong with the request (answer 400), or
 * a TypeError for a mistake in the receiving code, a body or secret that is missing or of the wrong kind (answer 500,
 * so that Tender retries once it is fixed).
 */
export async function verifyWebhook<T = TenderWebhookEvent>(
  body: string | Uint8Array | ArrayBuffer,
  headers: WebhookHeaders,
  secret: string | readonly string[] | undefined,
  options: VerifyWebhookOptions = {},
): Promise<T> {
  const keyBytes = secretKeys(secret);
  const bytes = bodyBytes(body);
  const tolerance = options.toleranceSeconds ?? 300;
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  // NaN (`Number(process.env.X)` of an unset variable) would make both comparisons false: no replay check at all.
  for (const [name, v] of [
    ['toleranceSeconds', tolerance],
    ['nowSeconds', now],
  ] as const) {
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) {
      const got = typeof v === 'string' ? `the string ${JSON.stringify(v)}` : String(v);
      throw new TypeError(`verifyWebhook: options.${name} must be a finite number of seconds, at least 0; received ${got}`);
    }
  }
  // Milliseconds (Date.now()) where seconds are meant: every webhook would be "signed 1.7 billion s ago".
  if (now > 1e11) throw new TypeError(`verifyWebhook: options.nowSeconds is in seconds, not milliseconds (Date.now() / 1000); received ${now}`);
  if (headers === null || typeof headers !== 'object') {
    throw new TypeError(`verifyWebhook: pass the request's headers (a Headers object or node:http's req.headers); received ${String(headers)}`);
  }
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) {
    const missing = ['webhook-id', 'webhook-timestamp', 'webhook-signature'].filter((n) => !header(headers, n));
    throw new WebhookVerificationError(
      'missing_headers',
      `The request lacks the header(s) ${missing.join(', ')}: is this a webhook, and are the headers passed through?`,
    );
  }
  if (!/^\d{1,12}$/.test(timestamp)) {
    throw new WebhookVerificationError(
      'invalid_timestamp',
      `webhook-timestamp must be whole seconds since the epoch; received ${JSON.stringify(timestamp.slice(0, 40))}`,
    );
  }
  const sent = Number(timestamp);
  if (sent < now - tolerance) {
    throw new WebhookVerificationError(
      'timestamp_too_old',
      `The webhook was signed ${now - sent} s ago, more than the ${tolerance} s allowed: a replay, or this server's clock is off.`,
    );
  }
  if (sent > now + tolerance) {
    throw new WebhookVerificationError(
      'timestamp_too_new',
      `The webhook is dated ${sent - now} s in the future, more than the ${tolerance} s allowed: check this server's clock.`,
    );
  }
  // Signed: `${id}.${timestamp}.` then the body's bytes as received (the timestamp as a number, as the reference does).
  const prefix = new TextEncoder().encode(`${id}.${sent}.`);
  const signed = new Uint8Array(prefix.length + bytes.length);
  signed.set(prefix);
  signed.set(bytes, prefix.length);
  const keys = await Promise.all(keyBytes.map((bytes) => crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify'])));
  // Several signatures (space-separated) while a secret is being rotated: any v1 one may match, under any of the
  // secrets. Every candidate is checked (subtle.verify compares in constant time), none skipped once one matches.
  const candidates: Uint8Array<ArrayBuffer>[] = [];
  for (const entry of signatures.split(' ')) {
    const [version, value] = entry.split(',', 2);
    const given = version === 'v1' && value ? fromBase64(value) : undefined;
    if (given) candidates.push(given);
  }
  const results = await Promise.all(keys.flatMap((key) => candidates.map((given) => crypto.subtle.verify('HMAC', key, given, signed))));
  if (!results.includes(true)) {
    throw new WebhookVerificationError(
      'invalid_signature',
      'No webhook-signature matches: check the secret, and pass the body exactly as received (not re-serialised JSON).',
    );
  }
  try {
    return JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(bytes)) as T;
  } catch {
    throw new WebhookVerificationError('invalid_payload', 'The signature matches but the body is not JSON.');
  }
}
