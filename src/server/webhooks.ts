// Standard Webhooks (https://www.standardwebhooks.com): the headers webhook-id, webhook-timestamp and
// webhook-signature, the signature `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` under the secret's bytes, and a
// secret written `whsec_<base64>`. The same format the `standardwebhooks` libraries verify in every language.
import { createHmac, timingSafeEqual } from 'node:crypto';

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
  readonly toleranceSeconds?: number;
  /** The current time in seconds since the epoch; default the clock's. */
  readonly nowSeconds?: number;
}

/** Headers as node:http, a Web `Headers`, or a plain record gives them. */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

/** The key bytes of a `whsec_…` secret (a bare base64 secret is accepted too, as the reference library does). */
export function webhookKey(secret: string): Buffer {
  const b64 = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
  const key = /^[A-Za-z0-9+/]+={0,2}$/.test(b64) ? Buffer.from(b64, 'base64') : Buffer.alloc(0);
  if (key.length < 16) {
    throw new WebhookVerificationError(
      'invalid_secret',
      'The webhook secret must be "whsec_" followed by the base64 of at least 16 bytes, as Tender prints and takes it.',
    );
  }
  return key;
}

/** The `webhook-signature` value for one delivery: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`. */
export function signWebhook(key: Buffer, id: string, timestampSeconds: number, body: string): string {
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.`).update(body).digest('base64')}`;
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  const value = record[name] ?? Object.entries(record).find(([k]) => k.toLowerCase() === name)?.[1];
  return typeof value === 'string' ? value : value?.[0];
}

/**
 * Checks a Tender webhook (or any Standard Webhooks message) and returns its parsed JSON payload. Pass the body
 * exactly as received (the raw text or bytes, before any JSON parsing), the request's headers and the secret.
 * Signatures are compared in constant time; a timestamp more than `toleranceSeconds` from now is refused (a
 * replay). Throws a {@link WebhookVerificationError} saying what is wrong.
 */
export function verifyWebhook(body: string | Uint8Array, headers: WebhookHeaders, secret: string, options: VerifyWebhookOptions = {}): unknown {
  const key = webhookKey(secret);
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
  const tolerance = options.toleranceSeconds ?? 300;
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
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
  const text = typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
  const expected = Buffer.from(signWebhook(key, id, sent, text).slice(3), 'base64');
  // Several signatures (space-separated) while a secret is being rotated: any v1 one may match.
  let matched = false;
  for (const entry of signatures.split(' ')) {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) continue;
    const given = Buffer.from(value, 'base64');
    // Not short-circuited: every candidate is compared, in constant time for its length.
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = true;
  }
  if (!matched) {
    throw new WebhookVerificationError(
      'invalid_signature',
      'No webhook-signature matches: check the secret, and pass the body exactly as received (not re-serialised JSON).',
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new WebhookVerificationError('invalid_payload', 'The signature matches but the body is not JSON.');
  }
}
