import { afterEach, describe, expect, it, vi } from 'vitest';
import { configFromEnv } from './config';
import { createTenderHandler } from './web';

afterEach(() => vi.restoreAllMocks());

describe('the edge build', () => {
  it('logs through the console, even where a process.stdout exists (Workers’ nodejs_compat drops what goes there)', async () => {
    const parsed = configFromEnv({ TENDER_API_BASE_URL: 'https://api.example', TENDER_API_KEY: 'sk_test_edge' });
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
