import { afterEach, describe, expect, it, vi } from 'vitest';
import { configFromEnv as readNodeEnv } from './config';
import { configFromEnv, createTenderHandler } from './web';

afterEach(() => vi.restoreAllMocks());

describe('the edge build', () => {
  it('logs through the console, even where a process.stdout exists (Workers’ nodejs_compat drops what goes there)', async () => {
    const parsed = readNodeEnv({ TENDER_API_BASE_URL: 'https://api.example', TENDER_API_KEY: 'sk_test_edge' });
    if (!parsed.ok) throw new Error(parsed.errors.join('; '));
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => void lines.push(String(line)));
    const written = vi.spyOn(process.stdout, 'write');
    const tender = createTenderHandler(parsed.config, { assets: async () => undefined });
    expect((await tender(new Request('https://pay.example/healthz'))).status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    expect(lines.map((l) => JSON.parse(l) as { path?: string })).toContainEqual(expect.objectContaining({ path: '/healthz', status: 200 }));
    expect(written.mock.calls.filter(([chunk]) => String(chunk).includes('/healthz'))).toEqual([]);
    await tender.close();
  });
});

describe('configFromEnv in the edge build', () => {
  const base = { TENDER_API_BASE_URL: 'https://api.example', TENDER_API_KEY: 'sk_test_edge' };
  it('reads no PORT or HOST: nothing here listens, and a platform may set them to anything', () => {
    expect(configFromEnv({ ...base, PORT: '/tmp/app.sock', HOST: 'https://shop.example' }).ok).toBe(true);
  });
  const webhook = { TENDER_WEBHOOK_URL: 'https://shop.example/webhooks/tender', TENDER_WEBHOOK_SECRET: `whsec_${btoa('x'.repeat(32))}` };

  it('refuses a webhook URL, which no background work here would ever send, saying what to do instead', () => {
    expect(readNodeEnv({ ...base, ...webhook }).ok).toBe(true);
    const r = configFromEnv({ ...base, ...webhook });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(/^TENDER_WEBHOOK_URL is set, but this runtime .* runs no background work/);
    expect(r.errors[0]).toContain('POST /api/v1/transaction/verify');
    expect(r.errors[0]).toContain('tender serve');
  });

  it('refuses a Redis URL, with the other errors of the environment', () => {
    const r = configFromEnv({ TENDER_API_BASE_URL: 'https://api.example', TENDER_REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.some((e) => e.startsWith('TENDER_API_KEY'))).toBe(true);
    expect(r.errors.at(-1)).toMatch(/^TENDER_REDIS_URL is set, but this runtime .* has no Redis client/);
  });

  it('takes what the runtime can do, and an empty variable as unset, as the Node build does', () => {
    const r = configFromEnv({ ...base, TENDER_WEBHOOK_URL: ' ', TENDER_REDIS_URL: '' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.config).toMatchObject({ apiBaseUrl: 'https://api.example', apiKey: 'sk_test_edge' });
    expect(r.config.webhookUrl).toBeUndefined();
    expect(r.config.redisUrl).toBeUndefined();
  });
});

describe("the gateway's webhook where no background work runs", () => {
  it('answers 501 with what to do, not 202: a gateway stops retrying on success, and nothing would follow the payment', async () => {
    const parsed = configFromEnv({ TENDER_API_BASE_URL: 'https://api.example', TENDER_API_KEY: 'sk_test_edge', TENDER_RATE_LIMIT: '0' });
    if (!parsed.ok) throw new Error(parsed.errors.join('; '));
    const calls: string[] = [];
    const tender = createTenderHandler(parsed.config, {
      assets: async () => undefined,
      log: () => {},
      fetch: async (input) => {
        calls.push(String(input instanceof Request ? input.url : input));
        return Response.json({ status: true, data: { status: 'pending' } });
      },
    });
    const answer = await tender(
      new Request('https://pay.example/webhooks/gateway', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ transactionReference: 'TND-edge-hook-1' }),
      }),
      { clientAddress: '203.0.113.7' },
    );
    expect(answer.status).toBe(501);
    const body = (await answer.json()) as { status: boolean; code: string; message: string };
    expect(body).toMatchObject({ status: false, code: 'not_implemented' });
    expect(body.message).toContain('follows no payment and sends no webhook');
    expect(body.message).toContain('Point the gateway at a Tender server on Node');
    expect(calls).toEqual([]);
    await tender.close();
  });
});
