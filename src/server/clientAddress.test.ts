// The Web handler where the platform gives no socket (Next.js route handlers, Hono's app.all, Workers without
// cf-connecting-ip): without a client address every payer would share one rate limit, so the server says so once.
import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config';
import { createTenderHandler } from './handler';
import type { LogRecord } from './log';

const handlerWith = (env: Record<string, string> = {}) => {
  const r = configFromEnv({ TENDER_API_BASE_URL: 'https://api.example', TENDER_API_KEY: 'sk_test_client_address', ...env });
  if (!r.ok) throw new Error(r.errors.join('\n'));
  const logs: LogRecord[] = [];
  const handle = createTenderHandler(r.config, { log: (record) => logs.push(record), fetch: async () => new Response('{}') });
  const told = () => logs.filter((l) => l.event === 'no_client_address');
  return { handle, told };
};
const health = (headers: Record<string, string> = {}) => new Request('https://shop.example/healthz', { headers });

describe('a request without a client address', () => {
  it('is logged once as a warning, whatever follows', async () => {
    const { handle, told } = handlerWith();
    await handle(health());
    await handle(health());
    expect(told()).toEqual([{ time: expect.any(String), level: 'warn', event: 'no_client_address' }]);
  });

  it('says nothing when the address is given, or the trusted proxies forward one', async () => {
    const given = handlerWith();
    await given.handle(health(), { clientAddress: '203.0.113.7' });
    expect(given.told()).toEqual([]);
    const forwarded = handlerWith({ TENDER_TRUST_PROXY: '1' });
    await forwarded.handle(health({ 'x-forwarded-for': '203.0.113.7' }));
    expect(forwarded.told()).toEqual([]);
  });

  it('says nothing when rate limits are off: nothing is shared then', async () => {
    const off = handlerWith({ TENDER_RATE_LIMIT: '0' });
    await off.handle(health());
    expect(off.told()).toEqual([]);
  });
});
