// verifyWebhook as a merchant meets it: the clear errors of the usual mistakes, the secret's minimum (the server's
// configuration's), the event's type, and the edge build (web.ts) that exports it with no node: module.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { Webhook } from 'standardwebhooks';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { serverBuild } from '../../scripts/server-build';
import { configFromEnv } from './config';
import * as web from './web';
import { signWebhook, webhookKey } from './webhooks';
import { type TenderWebhookEvent, verifyWebhook, WebhookVerificationError } from './webhookVerify';

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const EVENT: TenderWebhookEvent = {
  type: 'payment.successful',
  timestamp: '2026-01-01T00:00:00.000Z',
  data: { transactionReference: 'TND-café-1', status: 'successful', amount: 6500, currency: 'NGN', channel: 'ussd' },
};
const BODY = JSON.stringify(EVENT);

/** Headers as the reference library signs them. */
function referenceHeaders(secret = SECRET, body = BODY, id = 'msg_1'): Record<string, string> {
  const at = new Date();
  return { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(secret).sign(id, at, body) };
}

/** What verifyWebhook rejected with. */
async function rejection(run: Promise<unknown>): Promise<Error> {
  try {
    await run;
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a rejection');
}

/** The server's configuration of a webhook with `secret`, beside the settings it always needs. */
const configWithSecret = (secret: string) =>
  configFromEnv({
    TENDER_API_BASE_URL: 'https://api.example.com',
    TENDER_API_KEY: 'sk_test_webhook_secret',
    TENDER_WEBHOOK_URL: 'https://shop.example/webhooks/tender',
    TENDER_WEBHOOK_SECRET: secret,
  });

describe('verifyWebhook: the usual mistakes, said clearly', () => {
  it('says to pass the raw body when it gets parsed JSON (express.json() before the route)', async () => {
    const e = await rejection(verifyWebhook(JSON.parse(BODY), referenceHeaders(), SECRET));
    expect(e).toBeInstanceOf(TypeError);
    expect(e).not.toBeInstanceOf(WebhookVerificationError);
    expect(e.message).toContain('pass the body exactly as received');
    expect(e.message).toContain('received an object');
    expect(e.message).toContain("parsed JSON? in Express use express.raw({ type: 'application/json' }) for this route");
    // The common case: the route has express.raw, but a global express.json() declared before it parsed the body first.
    expect(e.message).toContain('declare the route before app.use(express.json())');
    // An array is parsed JSON too.
    expect((await rejection(verifyWebhook([1] as never, referenceHeaders(), SECRET))).message).toContain('parsed JSON?');
  });

  it('says there is no body when it gets undefined (express.raw() skipped another content-type)', async () => {
    const e = await rejection(verifyWebhook(undefined as never, referenceHeaders(), SECRET));
    expect(e).toBeInstanceOf(TypeError);
    expect(e.message).toContain('pass the body exactly as received');
    expect(e.message).toContain("received undefined (no body: was the request's content-type application/json, and is the raw body passed?)");
    expect((await rejection(verifyWebhook(null as never, referenceHeaders(), SECRET))).message).toContain('received null (no body:');
  });

  it('refuses a tolerance or clock that is not a finite number (NaN from an unset variable would turn the replay check off)', async () => {
    for (const [name, value] of [
      ['toleranceSeconds', Number.NaN],
      ['toleranceSeconds', Number.POSITIVE_INFINITY],
      ['toleranceSeconds', -1],
      ['toleranceSeconds', '300'],
      ['nowSeconds', Number.NaN],
    ] as const) {
      const e = await rejection(verifyWebhook(BODY, referenceHeaders(), SECRET, { [name]: value } as never));
      expect(e, `${name} ${String(value)}`).toBeInstanceOf(TypeError);
      expect(e.message).toContain(`options.${name} must be a finite number of seconds`);
    }
    // Clock trial: a string read from the environment was shown as if it were the number, and milliseconds passed as
    // seconds made every webhook "signed 1.7 billion s ago".
    expect((await rejection(verifyWebhook(BODY, referenceHeaders(), SECRET, { toleranceSeconds: '600' } as never))).message).toContain(
      'received the string "600"',
    );
    const ms = await rejection(verifyWebhook(BODY, referenceHeaders(), SECRET, { nowSeconds: Date.now() }));
    expect(ms).toBeInstanceOf(TypeError);
    expect(ms.message).toContain('options.nowSeconds is in seconds, not milliseconds (Date.now() / 1000)');
  });

  it('names any other kind of body it gets: a Request not read yet, a number', async () => {
    const request = new Request('https://shop.example/webhooks/tender', { method: 'POST', body: BODY });
    const e = await rejection(verifyWebhook(request as never, referenceHeaders(), SECRET));
    expect(e).toBeInstanceOf(TypeError);
    expect(e.message).toContain('received a Request (read the body first, e.g. await request.text())');
    expect((await rejection(verifyWebhook(42 as never, referenceHeaders(), SECRET))).message).toContain('received a number');
  });

  it('says the secret is missing when it is undefined, empty or not a string (TENDER_WEBHOOK_SECRET unset)', async () => {
    for (const [secret, shown] of [
      [undefined, 'undefined'],
      ['', 'an empty string'],
      ['  ', 'an empty string'],
      [42, 'a number'],
    ] as const) {
      const e = await rejection(verifyWebhook(BODY, referenceHeaders(), secret as never));
      expect(e).toBeInstanceOf(TypeError);
      expect(e).not.toBeInstanceOf(WebhookVerificationError);
      expect(e.message).toMatch(/^verifyWebhook: the secret is missing \(TENDER_WEBHOOK_SECRET\? /);
      expect(e.message).toContain(`received ${shown}`);
    }
  });

  it('says what the headers must be when there are none', async () => {
    const e = await rejection(verifyWebhook(BODY, undefined as never, SECRET));
    expect(e).toBeInstanceOf(TypeError);
    expect(e.message).toContain("pass the request's headers");
  });
});

describe("verifyWebhook: the secret, as the server's configuration takes it", () => {
  const secretOf = (bytes: number) => `whsec_${randomBytes(bytes).toString('base64')}`;

  it('takes 24 bytes and refuses 23, saying the same minimum as TENDER_WEBHOOK_SECRET does', async () => {
    const ok = secretOf(24);
    expect(await verifyWebhook(BODY, referenceHeaders(ok), ok)).toEqual(EVENT);
    const short = secretOf(23);
    const e = await rejection(verifyWebhook(BODY, referenceHeaders(short), short));
    expect(e).toBeInstanceOf(WebhookVerificationError);
    expect((e as WebhookVerificationError).code).toBe('invalid_secret');
    expect(() => webhookKey(short)).toThrow(WebhookVerificationError);
    // The configuration refuses the same secret, in the same words.
    const config = configWithSecret(short);
    expect(config.ok).toBe(false);
    const configMessage = config.ok ? '' : config.errors.join('\n');
    const rule = /"whsec_" followed by at least (\d+) random bytes in base64/;
    expect(configMessage).toMatch(rule);
    expect(e.message).toMatch(rule);
    expect(rule.exec(e.message)![1]).toBe('24');
    expect(rule.exec(e.message)![1]).toBe(rule.exec(configMessage)![1]);
    expect(
      configFromEnv({
        TENDER_API_BASE_URL: 'https://api.example.com',
        TENDER_API_KEY: 'sk_test_x',
        TENDER_WEBHOOK_URL: 'https://shop.example/h',
        TENDER_WEBHOOK_SECRET: ok,
      }).ok,
    ).toBe(true);
  });

  it('takes a bare base64 secret and ignores space around it, as the configuration does', async () => {
    const bare = SECRET.slice('whsec_'.length);
    expect(await verifyWebhook(BODY, referenceHeaders(), bare)).toEqual(EVENT);
    expect(await verifyWebhook(BODY, referenceHeaders(), `${SECRET}\n`)).toEqual(EVENT);
  });
});

describe('verifyWebhook: what it resolves to', () => {
  it('is a TenderWebhookEvent by default, or the type a caller names for another sender', async () => {
    const pending = verifyWebhook(BODY, referenceHeaders(), SECRET);
    expectTypeOf(pending).toEqualTypeOf<Promise<TenderWebhookEvent>>();
    const event = await pending;
    expectTypeOf(event).toEqualTypeOf<TenderWebhookEvent>();
    // The README's use: no cast, no TS18046.
    expectTypeOf(event.data.transactionReference).toEqualTypeOf<string>();
    expectTypeOf(event.type).toEqualTypeOf<TenderWebhookEvent['type']>();
    expect(event.data.transactionReference).toBe('TND-café-1');
    const other = await verifyWebhook<{ kind: string }>('{"kind":"invoice.paid"}', referenceHeaders(SECRET, '{"kind":"invoice.paid"}'), SECRET);
    expectTypeOf(other).toEqualTypeOf<{ kind: string }>();
    expect(other.kind).toBe('invoice.paid');
  });

  it('checks the body bytes as received: non-ASCII text as a string, bytes or an ArrayBuffer', async () => {
    const headers = referenceHeaders();
    const bytes = new TextEncoder().encode(BODY);
    // A view into a larger buffer, as a body parser may hand it over.
    const inside = new Uint8Array(bytes.length + 8);
    inside.set(bytes, 4);
    for (const body of [BODY, bytes, bytes.buffer, inside.subarray(4, 4 + bytes.length)]) expect(await verifyWebhook(body, headers, SECRET)).toEqual(EVENT);
    const tampered = new TextEncoder().encode(BODY.replace('café', 'cafe'));
    expect(((await rejection(verifyWebhook(tampered, headers, SECRET))) as WebhookVerificationError).code).toBe('invalid_signature');
  });

  it('looks past a signature that is not base64 to the one that matches', async () => {
    const h = referenceHeaders();
    expect(await verifyWebhook(BODY, { ...h, 'webhook-signature': `v1,!!not-base64!! v1, ${h['webhook-signature']}` }, SECRET)).toEqual(EVENT);
  });
});

describe('verifyWebhook in the edge build (web.ts)', () => {
  it('is exported by web.ts and verifies there what the reference library and Tender sign', async () => {
    expect(web.verifyWebhook).toBe(verifyWebhook);
    expect(await web.verifyWebhook(BODY, new Headers(referenceHeaders()), SECRET)).toEqual(EVENT);
    const ts = Math.floor(Date.now() / 1000);
    const tender = { 'webhook-id': 'evt_1', 'webhook-timestamp': String(ts), 'webhook-signature': signWebhook(webhookKey(SECRET), 'evt_1', ts, BODY) };
    expect(await web.verifyWebhook(new TextEncoder().encode(BODY), tender, SECRET)).toEqual(EVENT);
    const e = await rejection(web.verifyWebhook(BODY, { ...tender, 'webhook-id': 'evt_2' }, SECRET));
    expect(e).toBeInstanceOf(web.WebhookVerificationError);
    expectTypeOf(web.verifyWebhook(BODY, tender, SECRET)).toEqualTypeOf<Promise<web.TenderWebhookEvent>>();
  });

  it('bundles, as the package builds web.ts, with no node: module on its path', async () => {
    const out = await build({
      ...serverBuild({ __TENDER_VERSION__: '"0.0.0-test"' }),
      entryPoints: [join(import.meta.dirname, 'web.ts')],
      write: false,
      logLevel: 'silent',
    });
    const js = out.outputFiles[0]!.text;
    expect(js).toContain('crypto.subtle.verify');
    expect(js.match(/from\s*["']node:[^"']+["']|require\(["']node:[^"']+["']\)|import\(["']node:[^"']+["']\)/g) ?? []).toEqual([]);
  });
});

// README's "Webhooks" tells a merchant who does not use Node how to check a signature, with a Python function and an
// openssl command for the secret: both are run here, so the README cannot drift from what Tender sends.
const python = spawnSync('python3', ['--version']).status === 0;
const openssl = spawnSync('openssl', ['version']).status === 0;
describe.skipIf(!python || !openssl)('README: verifying a webhook without Node', () => {
  const readme = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../README.md'), 'utf8');
  const block = /```python\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('### Webhooks')))?.[1];

  it('the secret from openssl is one the server takes, and the Python function accepts what Tender signs with it', () => {
    const made = /echo "whsec_\$\(openssl rand -base64 32\)"/.test(readme)
      ? `whsec_${execFileSync('openssl', ['rand', '-base64', '32'], { encoding: 'utf8' }).trim()}`
      : '';
    expect(made).toMatch(/^whsec_/);
    const configured = configWithSecret(made);
    expect(configured.ok).toBe(true);
    expect(block).toBeDefined();

    const body = JSON.stringify({ ...EVENT, data: { ...EVENT.data, message: 'Approved' } });
    const ts = Math.floor(Date.now() / 1000);
    const signature = signWebhook(webhookKey(made), 'evt_readme', ts, body);
    const check = (headers: Record<string, string>, sent = body) =>
      spawnSync(
        'python3',
        [
          '-c',
          `${block}\nimport json, sys\nm = json.load(sys.stdin)\ntry:\n    print(json.dumps(verify_tender_webhook(m["body"].encode(), m["headers"], m["secret"])))\nexcept ValueError as e:\n    print("refused: " + str(e))\n`,
        ],
        { input: JSON.stringify({ body: sent, headers, secret: made }), encoding: 'utf8' },
      ).stdout.trim();
    const headers = { 'webhook-id': 'evt_readme', 'webhook-timestamp': String(ts), 'webhook-signature': signature };
    expect(JSON.parse(check(headers))).toEqual(JSON.parse(body));
    // Several entries, the valid one among them (a rotation).
    expect(JSON.parse(check({ ...headers, 'webhook-signature': `v1,c29tZXRoaW5nIGVsc2U= ${signature} v2,x` }))).toEqual(JSON.parse(body));
    expect(check(headers, `${body} `)).toBe('refused: no valid signature');
    expect(check({ ...headers, 'webhook-timestamp': String(ts - 600) })).toBe('refused: timestamp outside 5 minutes');
    // What a sender controls is refused as ValueError, never a crash: a missing header, a signature or a timestamp
    // that is not ASCII, a timestamp that is not a number.
    expect(check({ 'webhook-id': 'evt_readme', 'webhook-timestamp': String(ts) })).toBe('refused: not a webhook: a header is missing');
    expect(check({ ...headers, 'webhook-signature': 'v1,é' })).toBe('refused: no valid signature');
    expect(check({ ...headers, 'webhook-timestamp': '١٢٣' })).toBe('refused: timestamp outside 5 minutes');
    expect(check({ ...headers, 'webhook-timestamp': 'soon' })).toBe('refused: timestamp outside 5 minutes');
  });
});
