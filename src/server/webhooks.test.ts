import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signWebhook, webhookKey, webhookKeys } from './webhooks';
import { verifyWebhook, WebhookVerificationError } from './webhookVerify';

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const BODY = JSON.stringify({
  type: 'payment.successful',
  timestamp: '2026-01-01T00:00:00.000Z',
  data: { transactionReference: 'REF-1', status: 'successful' },
});
const now = () => Math.floor(Date.now() / 1000);

/** Headers as Tender sends them, signed with its own signer. */
function tenderHeaders(secret = SECRET, body = BODY, ts = now(), id = 'evt_1'): Record<string, string> {
  return { 'webhook-id': id, 'webhook-timestamp': String(ts), 'webhook-signature': signWebhook(webhookKey(secret), id, ts, body) };
}

async function codeOf(fn: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await fn();
    return undefined;
  } catch (e) {
    expect(e).toBeInstanceOf(WebhookVerificationError);
    return (e as WebhookVerificationError).code;
  }
}

describe('Standard Webhooks, against the reference library', () => {
  it('verifies what the reference library signs', async () => {
    const wh = new Webhook(SECRET);
    const ts = new Date();
    const headers = {
      'webhook-id': 'msg_abc',
      'webhook-timestamp': String(Math.floor(ts.getTime() / 1000)),
      'webhook-signature': wh.sign('msg_abc', ts, BODY),
    };
    expect(await verifyWebhook(BODY, headers, SECRET)).toEqual(JSON.parse(BODY));
    // Bytes and a Web Headers object work as well.
    expect(await verifyWebhook(new TextEncoder().encode(BODY), new Headers(headers), SECRET)).toEqual(JSON.parse(BODY));
    expect(await verifyWebhook(new TextEncoder().encode(BODY).buffer, headers, SECRET)).toEqual(JSON.parse(BODY));
    expect(await verifyWebhook(Buffer.from(BODY), headers, SECRET)).toEqual(JSON.parse(BODY));
  });

  it('signs what the reference library verifies', () => {
    expect(new Webhook(SECRET).verify(BODY, tenderHeaders())).toEqual(JSON.parse(BODY));
  });

  it('refuses, as the reference library does, a tampered body, another secret and an old timestamp', async () => {
    const other = `whsec_${randomBytes(32).toString('base64')}`;
    const cases: [string, Record<string, string>, string][] = [
      ['tampered body', tenderHeaders(), BODY.replace('successful', 'failed')],
      ['another secret', tenderHeaders(other), BODY],
      ['old timestamp', tenderHeaders(SECRET, BODY, now() - 600), BODY],
      ['future timestamp', tenderHeaders(SECRET, BODY, now() + 600), BODY],
    ];
    for (const [, headers, body] of cases) {
      expect(() => new Webhook(SECRET).verify(body, headers)).toThrow();
      await expect(verifyWebhook(body, headers, SECRET)).rejects.toThrow(WebhookVerificationError);
    }
  });
});

describe('verifyWebhook', () => {
  it('says which check failed, with a closed code', async () => {
    expect(await codeOf(() => verifyWebhook(BODY, {}, SECRET))).toBe('missing_headers');
    expect(await codeOf(() => verifyWebhook(BODY, { ...tenderHeaders(), 'webhook-timestamp': 'yesterday' }, SECRET))).toBe('invalid_timestamp');
    expect(await codeOf(() => verifyWebhook(BODY, tenderHeaders(SECRET, BODY, now() - 301), SECRET))).toBe('timestamp_too_old');
    expect(await codeOf(() => verifyWebhook(BODY, tenderHeaders(SECRET, BODY, now() + 301), SECRET))).toBe('timestamp_too_new');
    expect(await codeOf(() => verifyWebhook(`${BODY} `, tenderHeaders(), SECRET))).toBe('invalid_signature');
    expect(await codeOf(() => verifyWebhook(BODY, tenderHeaders(), 'not-a-secret!'))).toBe('invalid_secret');
    expect(await codeOf(() => verifyWebhook('not json', tenderHeaders(SECRET, 'not json'), SECRET))).toBe('invalid_payload');
  });

  it('names the missing headers in its message', async () => {
    await expect(verifyWebhook(BODY, { 'webhook-id': 'x' }, SECRET)).rejects.toThrow(/webhook-timestamp, webhook-signature/);
  });

  it('honours its tolerance and clock options', async () => {
    const ts = now() - 1000;
    expect(await codeOf(() => verifyWebhook(BODY, tenderHeaders(SECRET, BODY, ts), SECRET))).toBe('timestamp_too_old');
    expect(await verifyWebhook(BODY, tenderHeaders(SECRET, BODY, ts), SECRET, { toleranceSeconds: 2000 })).toBeTruthy();
    expect(await verifyWebhook(BODY, tenderHeaders(SECRET, BODY, ts), SECRET, { nowSeconds: ts + 10 })).toBeTruthy();
  });

  it('accepts any one of several signatures (a secret being rotated), and ignores unknown versions', async () => {
    const old = `whsec_${randomBytes(32).toString('base64')}`;
    const h = tenderHeaders();
    const rotated = { ...h, 'webhook-signature': `v2,abc ${tenderHeaders(old)['webhook-signature']} ${h['webhook-signature']}` };
    expect(await verifyWebhook(BODY, rotated, SECRET)).toBeTruthy();
    expect(await codeOf(() => verifyWebhook(BODY, { ...h, 'webhook-signature': h['webhook-signature']!.replace('v1,', 'v2,') }, SECRET))).toBe(
      'invalid_signature',
    );
  });

  it('rotates a secret with nothing refused: signed with both, checked with either, by Tender and the reference library', async () => {
    const next = `whsec_${randomBytes(32).toString('base64')}`;
    const ts = now();
    // TENDER_WEBHOOK_SECRET="<old> <new>": each delivery carries a signature under each.
    const both = {
      'webhook-id': 'evt_r',
      'webhook-timestamp': String(ts),
      'webhook-signature': signWebhook(webhookKeys(`${SECRET} ${next}`), 'evt_r', ts, BODY),
    };
    expect(both['webhook-signature'].split(' ')).toHaveLength(2);
    for (const secret of [SECRET, next]) {
      expect(new Webhook(secret).verify(BODY, both)).toEqual(JSON.parse(BODY));
      expect(await verifyWebhook(BODY, both, secret)).toEqual(JSON.parse(BODY));
    }
    // The receiver may rotate first instead: it checks with either secret, as a list or as the variable has them.
    const oldOnly = tenderHeaders(SECRET, BODY, ts, 'evt_o');
    const newOnly = tenderHeaders(next, BODY, ts, 'evt_n');
    for (const headers of [oldOnly, newOnly]) {
      expect(await verifyWebhook(BODY, headers, [next, SECRET])).toEqual(JSON.parse(BODY));
      expect(await verifyWebhook(BODY, headers, `${SECRET} ${next}`)).toEqual(JSON.parse(BODY));
    }
    expect(await codeOf(() => verifyWebhook(BODY, oldOnly, [next]))).toBe('invalid_signature');
    await expect(verifyWebhook(BODY, oldOnly, [])).rejects.toThrow(TypeError);
    await expect(verifyWebhook(BODY, oldOnly, [SECRET, ''])).rejects.toThrow(TypeError);
  });

  it('reads headers whatever their case in a plain record, and the first of a repeated header', async () => {
    const h = tenderHeaders();
    const mixed = { 'Webhook-Id': h['webhook-id'], 'WEBHOOK-TIMESTAMP': [h['webhook-timestamp']!], 'webhook-signature': h['webhook-signature'] };
    expect(await verifyWebhook(BODY, mixed, SECRET)).toBeTruthy();
  });
});
