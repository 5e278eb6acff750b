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

/** The `webhook-signature` value for one delivery: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`. */
export function signWebhook(key: Buffer, id: string, timestampSeconds: number, body: string): string {
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.`).update(body).digest('base64')}`;
}
