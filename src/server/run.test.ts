// `tender serve`'s start-up banner: what an operator checks first after a deploy (where it listens, the payment API,
// whether webhooks are on and where, which store, whose address a rate limit counts), with no secret in it.
import { afterEach, describe, expect, it } from 'vitest';
import { serveInChild, type ServedChild } from './testChild';
import { testSecret } from './testWebhooks';

let served: ServedChild | undefined;
afterEach(async () => {
  served?.child.kill('SIGTERM');
  await served?.exited;
  served = undefined;
});

const BASE = { TENDER_API_BASE_URL: 'http://127.0.0.1:9', TENDER_API_KEY: 'sk_test_banner_key', PORT: '0' };
const banner = async (s: ServedChild) => {
  // The lines after "listening" are printed in the same turn; a moment for the pipe.
  await new Promise((r) => setTimeout(r, 200));
  return s.out();
};

describe('tender serve’s start-up banner', () => {
  it('says webhooks are on (the URL’s origin only) and the store is Redis (its password redacted)', async () => {
    const secret = testSecret();
    served = await serveInChild({
      ...BASE,
      TENDER_WEBHOOK_URL: 'https://hooks.merchant.example/tender/hook-path-token',
      TENDER_WEBHOOK_SECRET: secret,
      // Nothing listens there: the banner does not wait for Redis.
      TENDER_REDIS_URL: 'redis://:redis-pass-123@127.0.0.1:9/2',
      TENDER_TRUST_PROXY: '2',
    });
    const out = await banner(served);
    expect(out).toContain('  client address: from X-Forwarded-For, 2 proxies trusted (TENDER_TRUST_PROXY)\n');
    expect(out).toContain('  webhooks: on, to https://hooks.merchant.example\n');
    expect(out).toContain('  store: redis redis://[redacted]@127.0.0.1:9/2\n');
    for (const secretPart of [secret, secret.slice(6), 'hook-path-token', 'redis-pass-123', 'sk_test_banner_key']) expect(out).not.toContain(secretPart);
  }, 30_000);

  it('writes what people read on stderr: stdout carries the JSON log lines alone, banner and stop included', async () => {
    served = await serveInChild(BASE);
    await fetch(`${served.url}/healthz`);
    served.child.kill('SIGTERM');
    await served.exited;
    const lines = served.stdout().split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(lines.map((l) => (JSON.parse(l) as { path?: string }).path)).toContain('/healthz');
    expect(served.out()).toMatch(/listening on http:/);
    expect(served.out()).toMatch(/SIGTERM, stopping/);
    served = undefined;
  }, 30_000);

  it('says webhooks are off and the store is this process’s memory', async () => {
    served = await serveInChild(BASE);
    const out = await banner(served);
    expect(out).toContain('  webhooks: off (TENDER_WEBHOOK_URL not set)\n');
    expect(out).toMatch(/ {2}store: memory \(this process only/);
    expect(out).toContain("  client address: the connection's (TENDER_TRUST_PROXY off: behind a proxy, every payer is one client)\n");
  }, 30_000);
});
