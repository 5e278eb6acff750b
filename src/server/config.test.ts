import { describe, expect, it } from 'vitest';
import { CONFIG_DEFAULTS, configFromEnv } from './config';

const KEY = 'sk_live_TENDER_SECRET_9f8e7d6c5b4a';
const BASE = { TENDER_API_BASE_URL: 'https://api.example.com', TENDER_API_KEY: KEY };

function ok(env: Record<string, string | undefined>) {
  const r = configFromEnv(env);
  if (!r.ok) throw new Error(`expected a config, got: ${r.errors.join('; ')}`);
  return r;
}
function errorsOf(env: Record<string, string | undefined>): string[] {
  const r = configFromEnv(env);
  if (r.ok) throw new Error('expected errors');
  for (const e of r.errors) expect(e).not.toContain(KEY);
  return [...r.errors];
}

describe('configFromEnv', () => {
  it('applies the defaults', () => {
    const { config, warnings } = ok(BASE);
    expect(config).toMatchObject({
      apiBaseUrl: 'https://api.example.com',
      port: CONFIG_DEFAULTS.port,
      host: '127.0.0.1',
      allowedOrigins: [],
      redirectHosts: ['api.example.com'],
      allowHttpLoopback: false,
      upstreamTimeoutMs: 15_000,
      rateLimitPerMinute: 300,
      completionRateLimitPerMinute: 60,
      trustProxy: 0,
      walletNames: { a: 'Wallet A', b: 'Wallet B' },
    });
    expect(config.apiKey).toBe(KEY);
    expect(warnings).toEqual([]);
  });

  it('keeps the key out of JSON and inspection of the config, also of a spread copy', async () => {
    const { config } = ok(BASE);
    const { inspect } = await import('node:util');
    const copy = { ...config, port: 0 };
    expect(copy.apiKey).toBe(KEY);
    for (const c of [config, copy]) {
      expect(JSON.stringify(c)).not.toContain(KEY);
      expect(JSON.stringify(c)).toContain('[redacted]');
      expect(inspect(c)).not.toContain(KEY);
    }
    expect(JSON.parse(JSON.stringify(copy)).port).toBe(0);
  });

  it('reads every variable', () => {
    const { config } = ok({
      TENDER_API_BASE_URL: 'http://127.0.0.1:8082/gw/',
      TENDER_API_KEY: KEY,
      PORT: '9000',
      HOST: '0.0.0.0',
      TENDER_ALLOWED_ORIGINS: ' https://shop.example , http://localhost:8080/,https://shop.example',
      TENDER_REDIRECT_HOSTS: 'Cashier.Example.com, https://3ds.example.com/, pay.example:8443',
      TENDER_UPSTREAM_TIMEOUT_MS: '2500',
      TENDER_RATE_LIMIT: '1000',
      TENDER_TRUST_PROXY: 'true',
      TENDER_WALLET_A_NAME: ' PayFast ',
      TENDER_WALLET_B_NAME: 'ZapPay',
    });
    expect(config).toMatchObject({
      apiBaseUrl: 'http://127.0.0.1:8082/gw',
      port: 9000,
      host: '0.0.0.0',
      allowedOrigins: ['https://shop.example', 'http://localhost:8080'],
      redirectHosts: ['127.0.0.1:8082', 'cashier.example.com', '3ds.example.com', 'pay.example:8443'],
      allowHttpLoopback: true,
      upstreamTimeoutMs: 2500,
      rateLimitPerMinute: 1000,
      completionRateLimitPerMinute: 200,
      trustProxy: 1,
      walletNames: { a: 'PayFast', b: 'ZapPay' },
    });
  });

  it.each([
    ['http://127.0.0.1:8082', true],
    ['http://localhost:8082', true],
    ['http://[::1]:8082', true],
    ['https://127.0.0.1:8082', false],
    ['https://api.example.com', false],
    ['http://10.0.0.5:8082', false],
  ])('sandbox mode for %s is %s', (url, sandbox) => {
    expect(ok({ ...BASE, TENDER_API_BASE_URL: url }).config.allowHttpLoopback).toBe(sandbox);
  });

  it('warns about plain http to a non-loopback host', () => {
    expect(ok({ ...BASE, TENDER_API_BASE_URL: 'http://api.example.com' }).warnings[0]).toMatch(/unencrypted/);
  });

  it('reads TENDER_BASE_PATH (unset: the root)', () => {
    expect(ok(BASE).config.basePath).toBeUndefined();
    expect(ok({ ...BASE, TENDER_BASE_PATH: '/pay' }).config.basePath).toBe('/pay');
    expect(ok({ ...BASE, TENDER_BASE_PATH: ' /shop/pay ' }).config.basePath).toBe('/shop/pay');
  });

  it('turns rate limiting off with 0, and reads TENDER_TRUST_PROXY as a hop count', () => {
    expect(ok({ ...BASE, TENDER_RATE_LIMIT: '0' }).config).toMatchObject({ rateLimitPerMinute: 0, completionRateLimitPerMinute: 0 });
    expect(ok({ ...BASE, TENDER_RATE_LIMIT: '3' }).config.completionRateLimitPerMinute).toBe(1);
    expect(ok({ ...BASE, TENDER_TRUST_PROXY: '2' }).config.trustProxy).toBe(2);
    expect(ok({ ...BASE, TENDER_TRUST_PROXY: 'false' }).config.trustProxy).toBe(0);
  });

  it.each<[string, Record<string, string | undefined>, RegExp]>([
    ['base URL missing', { TENDER_API_KEY: KEY }, /TENDER_API_BASE_URL is required.*received nothing/],
    ['base URL blank', { TENDER_API_KEY: KEY, TENDER_API_BASE_URL: '  ' }, /TENDER_API_BASE_URL is required/],
    ['base URL relative', { TENDER_API_KEY: KEY, TENDER_API_BASE_URL: 'api.example.com' }, /absolute http\(s\) URL.*received "api\.example\.com"/],
    ['base URL ftp', { TENDER_API_KEY: KEY, TENDER_API_BASE_URL: 'ftp://api.example.com' }, /https:.*received the scheme "ftp:"/],
    ['base URL query', { TENDER_API_KEY: KEY, TENDER_API_BASE_URL: 'https://api.example.com/?a=1' }, /no query or fragment/],
    ...['pay', '/pay/', '/pay?x=1', '/pay#top', '/', '/pay/../x', '//pay', '/p ay'].map((value): [string, Record<string, string>, RegExp] => [
      `base path ${value}`,
      { ...BASE, TENDER_BASE_PATH: value },
      /TENDER_BASE_PATH must be a path like \/pay or \/shop\/pay \(a leading slash, .*no trailing slash, query or fragment; unset for the root\); received/,
    ]),
    [
      'base URL ending in /api/v1',
      { TENDER_API_KEY: KEY, TENDER_API_BASE_URL: 'http://127.0.0.1:8082/api/v1' },
      /TENDER_API_BASE_URL must be the payment API's base without \/api\/v1 \(Tender adds \/api\/v1\/… to every call\); received "http:\/\/127\.0\.0\.1:8082\/api\/v1": set "http:\/\/127\.0\.0\.1:8082"/,
    ],
    [
      'base URL ending in /api/v1/',
      { TENDER_API_KEY: KEY, TENDER_API_BASE_URL: 'https://gw.example/pay/API/V1/' },
      /without \/api\/v1.*set "https:\/\/gw\.example\/pay"/,
    ],
    ['key missing', { TENDER_API_BASE_URL: 'https://api.example.com' }, /TENDER_API_KEY is required.*received nothing/],
    ['key empty', { TENDER_API_BASE_URL: 'https://api.example.com', TENDER_API_KEY: '' }, /TENDER_API_KEY is required/],
    ['key with Bearer', { ...BASE, TENDER_API_KEY: `Bearer ${KEY}` }, /no white space \(not "Bearer …"\).*inside it/],
    ['key with newline', { ...BASE, TENDER_API_KEY: `${KEY}\n` }, /white space at its start or end/],
    ['key non-ASCII', { ...BASE, TENDER_API_KEY: `${KEY}é` }, /printable ASCII/],
    ['port text', { ...BASE, PORT: 'eighty' }, /PORT must be a whole number from 0 to 65535; received "eighty"/],
    ['port too big', { ...BASE, PORT: '70000' }, /PORT must be a whole number/],
    ['host with slash', { ...BASE, HOST: 'http://0.0.0.0' }, /HOST must be a host name/],
    [
      'origin with path',
      { ...BASE, TENDER_ALLOWED_ORIGINS: 'https://shop.example/checkout' },
      /TENDER_ALLOWED_ORIGINS: expected exact origins.*received "https:\/\/shop\.example\/checkout"/,
    ],
    ['origin wildcard', { ...BASE, TENDER_ALLOWED_ORIGINS: '*' }, /TENDER_ALLOWED_ORIGINS.*received "\*"/],
    ['origin subdomain wildcard', { ...BASE, TENDER_ALLOWED_ORIGINS: 'https://*.shop.example' }, /TENDER_ALLOWED_ORIGINS/],
    ['origin without scheme', { ...BASE, TENDER_ALLOWED_ORIGINS: 'shop.example' }, /TENDER_ALLOWED_ORIGINS.*received "shop\.example"/],
    ['origin javascript:', { ...BASE, TENDER_ALLOWED_ORIGINS: 'javascript:alert(1)' }, /TENDER_ALLOWED_ORIGINS/],
    ['origin null', { ...BASE, TENDER_ALLOWED_ORIGINS: 'null' }, /TENDER_ALLOWED_ORIGINS/],
    ['origin userinfo', { ...BASE, TENDER_ALLOWED_ORIGINS: 'https://a@shop.example' }, /TENDER_ALLOWED_ORIGINS/],
    ['origin query', { ...BASE, TENDER_ALLOWED_ORIGINS: 'https://shop.example?' }, /TENDER_ALLOWED_ORIGINS/],
    [
      'redirect host with a wildcard',
      { ...BASE, TENDER_REDIRECT_HOSTS: 'pay.example.com,*.wallet.example' },
      /TENDER_REDIRECT_HOSTS: exact host names only, no wildcards .*received "\*\.wallet\.example"/,
    ],
    [
      'redirect host with path',
      { ...BASE, TENDER_REDIRECT_HOSTS: 'pay.example.com/x' },
      /TENDER_REDIRECT_HOSTS: expected host names.*received "pay\.example\.com\/x"/,
    ],
    ['timeout text', { ...BASE, TENDER_UPSTREAM_TIMEOUT_MS: '15s' }, /TENDER_UPSTREAM_TIMEOUT_MS must be a whole number from 100 to 300000; received "15s"/],
    ['rate limit negative', { ...BASE, TENDER_RATE_LIMIT: '-1' }, /TENDER_RATE_LIMIT must be a whole number/],
    ['trust proxy word', { ...BASE, TENDER_TRUST_PROXY: 'maybe' }, /TENDER_TRUST_PROXY must be true\/false or the number/],
    ['wallet name too long', { ...BASE, TENDER_WALLET_B_NAME: 'x'.repeat(41) }, /TENDER_WALLET_B_NAME must be a display name/],
  ])('%s', (_name, env, expected) => {
    const errors = errorsOf(env);
    expect(errors.some((e) => expected.test(e))).toBe(true);
  });

  it('mounted in an app ({ listen: false }), leaves PORT and HOST to it: a socket path, a named pipe or a URL is not refused', () => {
    for (const env of [
      { ...BASE, PORT: '/tmp/shop.sock' },
      { ...BASE, PORT: '\\\\.\\pipe\\iisnode-1' },
      { ...BASE, HOST: 'https://shop.example.com' },
    ]) {
      const result = configFromEnv(env, { listen: false });
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.config).toMatchObject({ port: CONFIG_DEFAULTS.port, host: CONFIG_DEFAULTS.host });
      // Listening on them (tender serve, the default) is refused, with the way out for an app that mounts Tender.
      const listening = configFromEnv(env);
      expect(listening.ok).toBe(false);
      if (!listening.ok) expect(listening.errors[0]).toContain('configFromEnv(process.env, { listen: false }) leaves PORT and HOST to it');
    }
    // A valid one is not read either: the app's port is not Tender's.
    const mounted = configFromEnv({ ...BASE, PORT: '3000' }, { listen: false });
    expect(mounted.ok && mounted.config.port).toBe(CONFIG_DEFAULTS.port);
  });

  it('reports every problem at once', () => {
    expect(errorsOf({ PORT: 'x', TENDER_ALLOWED_ORIGINS: '*' })).toHaveLength(4);
  });

  it('never prints the key, not even when it is pasted into another variable', () => {
    const errors = errorsOf({
      TENDER_API_KEY: KEY,
      TENDER_API_BASE_URL: `https://user:${KEY}@api.example.com`,
      TENDER_ALLOWED_ORIGINS: KEY,
      TENDER_REDIRECT_HOSTS: `${KEY}/x`,
      PORT: KEY,
      TENDER_WALLET_A_NAME: `${KEY}${'x'.repeat(40)}`,
    });
    expect(errors.length).toBeGreaterThanOrEqual(4);
    expect(errors.join('\n')).not.toContain(KEY);
  });
});

describe('shared state, reconcile and webhooks', () => {
  const SECRET = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;

  it('defaults to memory, no webhooks, a 24 h horizon and 32 calls in flight', () => {
    const { config } = ok(BASE);
    expect(config.redisUrl).toBeUndefined();
    expect(config.webhookUrl).toBeUndefined();
    expect(config.reconcileHorizonMs).toBe(24 * 3_600_000);
    expect(config.maxUpstreamInFlight).toBe(32);
  });

  it('reads Redis, the webhook endpoint and secret, the horizon and the cap', () => {
    const { config } = ok({
      ...BASE,
      TENDER_REDIS_URL: 'redis://:s3cret-pass@redis.internal:6379/2',
      TENDER_WEBHOOK_URL: 'https://shop.example/webhooks/tender',
      TENDER_WEBHOOK_SECRET: SECRET,
      TENDER_RECONCILE_HORIZON: '90m',
      TENDER_UPSTREAM_MAX_IN_FLIGHT: '8',
    });
    expect(config).toMatchObject({
      redisUrl: 'redis://:s3cret-pass@redis.internal:6379/2',
      webhookUrl: 'https://shop.example/webhooks/tender',
      webhookSecret: SECRET,
      reconcileHorizonMs: 90 * 60_000,
      maxUpstreamInFlight: 8,
    });
    // The secret and the Redis password are kept out of JSON, as the key is.
    const shown = JSON.stringify(config);
    expect(shown).not.toContain(SECRET);
    expect(shown).not.toContain('s3cret-pass');
    expect(shown).toContain('redis.internal:6379');
  });

  it('stops on bad configuration with a clear message, never echoing a secret', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ TENDER_REDIS_URL: 'localhost:6379' }, /TENDER_REDIS_URL must be a Redis URL/],
      [{ TENDER_REDIS_URL: 'http://redis:6379' }, /received the scheme "http:"/],
      [{ TENDER_REDIS_URL: 'redis://:pw-123456@host:6379/x' }, /TENDER_REDIS_URL/],
      [{ TENDER_WEBHOOK_URL: 'https://shop.example/hook' }, /TENDER_WEBHOOK_SECRET is required with TENDER_WEBHOOK_URL/],
      [{ TENDER_WEBHOOK_URL: 'https://shop.example/hook', TENDER_WEBHOOK_SECRET: 'hunter2-not-a-secret' }, /must be "whsec_" followed by/],
      // Not what every library decodes to the same key: the padding left out (Python refuses it), a character
      // too many, trailing bits that are not zero; and too few bytes.
      [{ TENDER_WEBHOOK_URL: 'https://shop.example/hook', TENDER_WEBHOOK_SECRET: SECRET.replace(/=+$/, '') }, /padded/],
      [{ TENDER_WEBHOOK_URL: 'https://shop.example/hook', TENDER_WEBHOOK_SECRET: `${SECRET.replace(/=+$/, '')}AB` }, /padded/],
      [{ TENDER_WEBHOOK_URL: 'https://shop.example/hook', TENDER_WEBHOOK_SECRET: SECRET.replace(/E=$/, 'F=') }, /padded/],
      [{ TENDER_WEBHOOK_URL: 'https://shop.example/hook', TENDER_WEBHOOK_SECRET: `whsec_${Buffer.alloc(23, 1).toString('base64')}` }, /at least 24/],
      [{ TENDER_WEBHOOK_URL: 'http://shop.example/hook', TENDER_WEBHOOK_SECRET: SECRET }, /must be an https URL/],
      [{ TENDER_WEBHOOK_URL: 'not a url', TENDER_WEBHOOK_SECRET: SECRET }, /TENDER_WEBHOOK_URL must be an absolute https URL/],
      [{ TENDER_RECONCILE_HORIZON: '24' }, /TENDER_RECONCILE_HORIZON must be a duration/],
      [{ TENDER_RECONCILE_HORIZON: '40d' }, /from 1m to 30d/],
      [{ TENDER_UPSTREAM_MAX_IN_FLIGHT: '0' }, /TENDER_UPSTREAM_MAX_IN_FLIGHT must be a whole number/],
    ];
    for (const [env, message] of cases) {
      const errors = errorsOf({ ...BASE, ...env });
      expect(errors.join('\n')).toMatch(message);
      expect(errors.join('\n')).not.toContain('hunter2');
      expect(errors.join('\n')).not.toContain('pw-123456');
    }
  });

  it("shows a refused webhook URL's scheme and host only: a token in its path, query or user name stays out", () => {
    const refused = (value: string) => errorsOf({ ...BASE, TENDER_WEBHOOK_URL: value, TENDER_WEBHOOK_SECRET: SECRET }).join('\n');
    const cases: [string, string][] = [
      ['http://shop.example/hooks/tok-123?token=tok-456', 'received "http://shop.example/…"'],
      ['https://user:tok-789@shop.example/hook', 'received "https://…@shop.example/…"'],
      ['https://shop.example#tok-000', 'received "https://shop.example/…"'],
      ['shop.example/hooks?token=tok-456', 'received "shop.example…"'],
      ['//user:tok-789@shop.example/hook', 'received "//…@shop.example…"'],
    ];
    for (const [value, shown] of cases) {
      expect(refused(value)).toContain(shown);
      expect(refused(value)).not.toMatch(/tok-|user:/);
    }
  });

  it('takes two webhook secrets, space-separated, while one is rotated; never shows one in its refusals', () => {
    const next = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    expect(ok({ ...BASE, TENDER_WEBHOOK_URL: 'https://shop.example/hook', TENDER_WEBHOOK_SECRET: ` ${SECRET}   ${next} ` }).config.webhookSecret).toBe(
      `${SECRET} ${next}`,
    );
    const refused = (value: string) => errorsOf({ ...BASE, TENDER_WEBHOOK_URL: 'https://shop.example/hook', TENDER_WEBHOOK_SECRET: value }).join('\n');
    expect(refused(`${SECRET} hunter2-not-a-secret`)).toMatch(/received 2 space-separated values, and value 2 \(20 characters\) is not one$/);
    expect(refused(`${SECRET} ${next} ${SECRET}`)).toMatch(/received 3 secrets, more than the 2 a rotation needs$/);
    expect(refused('hunter2-not-a-secret')).toMatch(/received a 20-character value that is not one$/);
    for (const value of [`${SECRET} hunter2-not-a-secret`, `${SECRET} ${next} ${SECRET}`]) {
      expect(refused(value)).not.toContain('hunter2');
      expect(refused(value)).not.toContain(SECRET.slice(6));
    }
  });

  it('reports a bad webhook URL and a bad secret together: every problem in one start', () => {
    const errors = errorsOf({ ...BASE, TENDER_WEBHOOK_URL: 'http://bad.example/wh', TENDER_WEBHOOK_SECRET: 'abc' });
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/TENDER_WEBHOOK_URL must be an https URL/);
    expect(errors[1]).toMatch(/TENDER_WEBHOOK_SECRET must be "whsec_"/);
    expect(errorsOf({ ...BASE, TENDER_WEBHOOK_URL: 'not a url' })).toEqual([
      expect.stringMatching(/TENDER_WEBHOOK_URL must be an absolute https URL/),
      expect.stringMatching(/TENDER_WEBHOOK_SECRET is required/),
    ]);
  });

  it('allows plain http webhooks to loopback (local testing), and warns about a secret without a URL', () => {
    expect(ok({ ...BASE, TENDER_WEBHOOK_URL: 'http://127.0.0.1:8080/webhooks/tender', TENDER_WEBHOOK_SECRET: SECRET }).config.webhookUrl).toBe(
      'http://127.0.0.1:8080/webhooks/tender',
    );
    expect(ok({ ...BASE, TENDER_WEBHOOK_SECRET: SECRET }).warnings.join('\n')).toMatch(/no webhooks will be sent/);
  });
});
