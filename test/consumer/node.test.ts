// The packed package in plain Node: the browser entry imports with no window (server-side rendering), the server
// and API entries import with no bundler (no CSS, no TypeScript), and the `tender` command runs.
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { consumerRoot, run } from './support';

describe('the installed package in Node', () => {
  it('imports the browser entry with no window, and reports a wrong option before saying it needs a browser', async () => {
    writeFileSync(
      join(consumerRoot(), 'ssr.mjs'),
      `import * as tender from 'tender-checkout';
const out = { window: typeof window, exports: Object.keys(tender).sort(), version: tender.version };
try { tender.open({ transactionReference: 42, tenderUrl: 'https://pay.example' }); } catch (e) { out.wrong = e.message; }
try { tender.open({ transactionReference: 'TND-1', tenderUrl: 'https://pay.example' }); } catch (e) { out.server = e.message; }
out.preload = tender.preload({ transactionReference: 'TND-1', tenderUrl: 'https://pay.example' });
console.log(JSON.stringify(out));`,
    );
    const r = await run('node', ['ssr.mjs']);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout);
    expect(out.window).toBe('undefined');
    expect(out.exports).toEqual(['mount', 'open', 'preload', 'version']);
    expect(out.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(out.wrong).toBe('Tender.open: transactionReference must be a string of 1-128 characters, received 42');
    expect(out.server).toBe('Tender.open needs a browser');
    expect(out.preload).toBeUndefined();
  });

  it('imports ./server and ./api with plain Node: no CSS, no source files, no bundler', async () => {
    writeFileSync(
      join(consumerRoot(), 'kit.mjs'),
      `import * as server from 'tender-checkout/server';
import * as api from 'tender-checkout/api';
const client = api.createApiClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'sk_test_x' });
console.log(JSON.stringify({
  server: Object.keys(server).sort(),
  client: typeof client.initiatePaymentLink,
  schema: api.InitiateRequestSchema.type,
}));`,
    );
    const r = await run('node', ['kit.mjs']);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout);
    expect(out.server).toEqual(expect.arrayContaining(['configFromEnv', 'createNodeListener', 'createTenderHandler', 'startTenderServer', 'toNodeListener']));
    expect(out.client).toBe('function');
    expect(out.schema).toBe('object');
  });

  // QA trial: a merchant's tests could only spawn the CLI and read its address off stdout, and a USSD payment raced an
  // 8 s timer to its end.
  it('imports ./sandbox in plain Node: a USSD payment waits for the test, which ends it; the process exits by itself', async () => {
    writeFileSync(
      join(consumerRoot(), 'sandbox.mjs'),
      `import { startSandbox, TEST_CARDS, TEST_PIN } from 'tender-checkout/sandbox';
import { createApiClient } from 'tender-checkout/api';
const sandbox = await startSandbox();
const api = createApiClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
const made = await api.initiatePaymentLink({ amount: 2500, currency: 'NGN', checkoutCustomerData: { email: 'qa@example.com', firstName: 'Q', lastName: 'A' } });
const reference = made.value.data.transactionReference;
await api.ussdPayment({ transactionReference: reference, bankCode: '058' });
const status = async () => (await api.verifyTransaction({ transactionReference: reference })).value.data.status;
const before = status();
await new Promise((r) => setTimeout(r, 300));
const waited = await status();
await sandbox.complete(reference, 'failed');
let again;
try { await sandbox.complete(reference); } catch (e) { again = e.message; }
console.log(JSON.stringify({ before: await before, waited, after: await status(), again, cards: TEST_CARDS.length, pin: TEST_PIN }));
await sandbox.close();`,
    );
    const r = await run('node', ['sandbox.mjs']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      before: 'pending',
      waited: 'pending',
      after: 'failed',
      again: expect.stringMatching(/^sandbox: complete TND-.*: Transaction is already failed$/),
      cards: 8,
      pin: '1234',
    });
  });

  it('ships only built files: no sources, tests or demo', async () => {
    const r = await run('npm', ['ls', '--parseable', '--depth=0']);
    expect(r.code).toBe(0);
    const files = (await run('find', ['node_modules/tender-checkout', '-type', 'f'])).stdout.split('\n').filter(Boolean);
    const inside = files.map((f) => f.slice('node_modules/tender-checkout/'.length));
    expect(inside).toContain('dist/tender.js');
    expect(inside).toContain('dist/tender-deferred.js');
    expect(inside).toContain('dist/checkout/index.html');
    expect(inside).toContain('LICENSE');
    // The README's one design note link (how outcomes are followed) goes with it: npm shows the README.
    expect(inside.filter((f) => !f.startsWith('dist/') && !['package.json', 'README.md', 'LICENSE', 'docs/OUTCOMES.md'].includes(f))).toEqual([]);
    // Every link of the packed README to a file resolves inside the package.
    const readme = readFileSync(join(consumerRoot(), 'node_modules/tender-checkout/README.md'), 'utf8');
    const links = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z][a-z+.-]*:/i.test(l));
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((l) => !inside.includes(l.replace(/^\.\//, '')))).toEqual([]);
    expect(inside.filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))).toEqual([]);
    expect(inside.filter((f) => f.endsWith('.css') && !f.startsWith('dist/checkout/'))).toEqual([]);
  });

  it('runs the tender command: usage, and serve refusing a missing configuration with every problem', async () => {
    const help = await run('node_modules/.bin/tender', ['--help']);
    expect(help.code).toBe(0);
    // Asked for, the usage is the answer: on stdout.
    expect(help.stdout).toContain('tender serve');
    expect(help.stdout).toContain('tender sandbox');
    // Help asked of a command shows it, and never starts the command.
    const serveHelp = await run('node_modules/.bin/tender', ['serve', '--help'], { env: { TENDER_API_BASE_URL: '', TENDER_API_KEY: '' } });
    expect(serveHelp.code).toBe(0);
    expect(serveHelp.stdout).toContain('tender serve');
    expect(serveHelp.stderr).toBe('');
    const version = await run('node_modules/.bin/tender', ['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(join(consumerRoot(), 'node_modules/tender-checkout/package.json'), 'utf8')).version);
    // A flag the commands do not read is refused, not ignored.
    const flag = await run('node_modules/.bin/tender', ['sandbox', '--port', '9999']);
    expect(flag.code).toBe(1);
    expect(flag.stderr).toContain('tender sandbox takes no arguments (received "--port 9999")');
    const delay = await run('node_modules/.bin/tender', ['sandbox'], { env: { SANDBOX_PORT: '0', SANDBOX_USSD_DELAY_MS: '8s' } });
    expect(delay.code).toBe(1);
    expect(delay.stderr).toContain('SANDBOX_USSD_DELAY_MS must be a number of milliseconds (at most 999999999) or off, received "8s"');
    const bare = await run('node_modules/.bin/tender', []);
    expect(bare.code).toBe(1);
    expect(bare.stderr).toContain('tender serve');
    const typo = await run('node_modules/.bin/tender', ['srve']);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain('unknown command "srve"');
    expect(typo.stderr).toContain('tender serve');
    const serve = await run('node_modules/.bin/tender', ['serve'], { env: { TENDER_API_BASE_URL: '', TENDER_API_KEY: '' } });
    expect(serve.code).toBe(1);
    expect(serve.stderr).toContain('TENDER_API_BASE_URL is required');
    expect(serve.stderr).toContain('TENDER_API_KEY is required');
    expect(serve.stderr).toContain('"Running the Tender server alone"');
  });

  it('says which port is taken, with no stack trace, when serve cannot listen', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      const env = { TENDER_API_BASE_URL: 'http://127.0.0.1:9', TENDER_API_KEY: 'sk_test_port', HOST: '127.0.0.1', PORT: String(port) };
      const serve = await run('node_modules/.bin/tender', ['serve'], { env });
      expect(serve.code).toBe(1);
      expect(serve.stderr).toContain(`127.0.0.1:${port} is already in use`);
      expect(serve.stderr).toContain('set PORT');
      expect(serve.stderr).not.toMatch(/^\s+at /m);
    } finally {
      taken.close();
    }
  });
});
