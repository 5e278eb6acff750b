// Tender's side of its webhooks: signing each delivery in the Standard Webhooks (https://www.standardwebhooks.com)
// format, the signature `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` under the secret's bytes, on node:crypto
// (outcomes.ts delivers them). The merchant's check, verifyWebhook, is in webhookVerify.ts: Web Crypto and no node:
// module, so it runs on edge runtimes too.
import { createHmac } from 'node:crypto';
import { webhookSecretBytes } from './webhookVerify';

/** The key bytes of a `whsec_…` secret (or a bare base64 one): the same rule, at least 24 bytes, as verifyWebhook's. */
export function webhookKey(secret: string): Buffer {
  return Buffer.from(webhookSecretBytes(secret));
}

/** The key bytes of each secret of a configured TENDER_WEBHOOK_SECRET (one, or two space-separated while it is rotated). */
export function webhookKeys(secrets: string): Buffer[] {
  return secrets.split(' ').map(webhookKey);
}

/**
 * The `webhook-signature` value for one delivery: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, under each
 * key, space-separated (the Standard Webhooks form of a rotation: a receiver with either secret accepts it).
 */
export function signWebhook(keys: Buffer | readonly Buffer[], id: string, timestampSeconds: number, body: string): string {
  return (Array.isArray(keys) ? keys : [keys as Buffer])
    .map((key) => `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.`).update(body).digest('base64')}`)
    .join(' ');
}
