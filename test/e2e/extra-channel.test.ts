// Adding a channel is its folder and one list entry: a QR payment from test/fixtures/qr-channel/ (channel, view,
// strings, its own operation and the sandbox's route for it), listed once, pays end to end in Chromium. Nothing
// else changes: the page is built from the same sources with the longer list, the server's allowlist and first
// screen follow the list, and the sandbox gets the route the same way.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, type Plugin } from 'vite';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { writeText } from '../../scripts/text';
import { checkoutUrl, expectSuccess, selectTab, tab, tookOver, WAIT } from '../support/checkout';
import { useBrowserStack } from '../support/hooks';

vi.mock('../../src/channels/list', () => import('../fixtures/qr-channel/list'));
vi.mock('../../demo/sandbox/routes/index', async (original) => {
  const { routes } = await original<typeof import('../../demo/sandbox/routes/index')>();
  const { qrRoutes } = await import('../fixtures/qr-channel/sandbox');
  return { routes: [...routes, ...qrRoutes] };
});

const root = resolve(import.meta.dirname, '../..');
const dist = mkdtempSync(join(tmpdir(), 'tender-extra-channel-'));

// The page built from the repository's sources, its channel list swapped for the fixture's.
const fixtureList: Plugin = {
  name: 'fixture-channel-list',
  enforce: 'pre',
  resolveId: (source, importer) =>
    source === './list' && importer?.endsWith('/src/channels/registry.ts') ? join(root, 'test/fixtures/qr-channel/list.ts') : undefined,
};
await build({
  root,
  configFile: join(root, 'vite.config.ts'),
  logLevel: 'error',
  plugins: [fixtureList],
  build: { outDir: join(dist, 'checkout'), emptyOutDir: true },
});
await writeText(join(dist, 'checkout'), ['src', 'test/fixtures/qr-channel']);

afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('a channel added from one folder and one list entry', () => {
  const e2e = useBrowserStack({ stack: { assetsDir: dist, sandbox: { ussdDelayMs: 1500 } } });

  it('shows its tab, calls its own operation through the proxy, and pays end to end', async () => {
    const { reference } = await e2e.stack.initiate();
    await e2e.page.goto(checkoutUrl(e2e.stack, reference));
    await tookOver(e2e.page);
    const ids = await e2e.page.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => t.getAttribute('data-channel')));
    expect(ids).toEqual(['card', 'ussd', 'bank-transfer', 'wallet-a', 'wallet-b', 'qr']);
    expect(await tab(e2e.page, 'qr').textContent()).toBe('QR');
    await selectTab(e2e.page, 'qr');
    await e2e.page.getByRole('button', { name: 'Get a QR code' }).click(WAIT);
    await e2e.page.getByRole('heading', { name: 'Pay this code in your banking app' }).waitFor(WAIT);
    expect(await e2e.page.locator('.tender-code').getAttribute('data-code')).toMatch(/^TQR-\d{6}$/);
    await expectSuccess(e2e.page);
    const stats = await e2e.stack.stats(reference);
    expect(stats.counts['qr-payment']).toBe(1);
    expect(stats.transactionStatus).toBe('successful');
    // The proxy forwarded it because the channel lists it: the same server refuses what no channel lists.
    const refused = await fetch(`${e2e.stack.tenderUrl}/api/v1/void-transaction`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(404);
  });
});
