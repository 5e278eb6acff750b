// A TypeScript consumer of the packed package (moduleResolution node16, the strictest resolution; strict with
// exactOptionalPropertyTypes, so optional props pass through): correct use
// compiles, misuse is an error at exactly the lines marked @ts-expect-error, and without those marks it fails.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { consumerRoot, run } from './support';

const USE = `import { mount, open, preload, type TenderEsmOptions, type TenderSuccess, type TenderTheme } from 'tender-checkout';
import { configFromEnv, createNodeListener, createTenderHandler, startTenderServer, verifyWebhook, type TenderHandler, type TenderWebhookEvent } from 'tender-checkout/server';
import { createApiClient, InitiateRequestSchema, type InitiateRequest } from 'tender-checkout/api';
import { TenderCheckout, useTenderCheckout } from 'tender-checkout/react';
import { embeddedAssets } from 'tender-checkout/server/assets';
import { startSandbox, TEST_CARDS, type TestSandbox } from 'tender-checkout/sandbox';
import { createElement } from 'react';

// A merchant's test: the sandbox in process, a payment ended as the test says.
const sandboxed: Promise<TestSandbox> = startSandbox({ ussdDelayMs: null, transferExpirySeconds: 60 });
void sandboxed.then((s) => s.complete('TND-1', 'cancelled').then(() => s.close()));
void TEST_CARDS[0]?.number;

const options: TenderEsmOptions = { transactionReference: 'TND-1', tenderUrl: 'https://shop.example/pay' };
open({ ...options, onSuccess: (r: TenderSuccess) => void r.reference }).close();
mount('#checkout', { ...options, channels: ['card', 'ussd'] }).unmount();
preload(options)?.discard();

const env = configFromEnv({ TENDER_API_BASE_URL: 'https://api.example', TENDER_API_KEY: 'sk_live_x' });
if (env.ok) {
  const handler: TenderHandler = createTenderHandler(env.config, { basePath: '/pay', assets: embeddedAssets });
  void handler(new Request('https://shop.example/pay/healthz'));
  void createNodeListener(env.config, { basePath: '/pay' });
}
const body: InitiateRequest = { amount: 2500, currency: 'NGN', checkoutCustomerData: { email: 'a@b.example', firstName: 'A', lastName: 'B' }, metaData: JSON.stringify({ orderId: 'o-1' }) };
void InitiateRequestSchema;
void createApiClient({ baseUrl: 'https://api.example', apiKey: 'sk_live_x' }).initiatePaymentLink(body);
// As the README writes it: process.env's values (string | undefined) taken as they are, under strict.
declare const processEnv: Record<string, string | undefined>;
void createApiClient({ baseUrl: processEnv.TENDER_API_BASE_URL, apiKey: processEnv.TENDER_API_KEY });
// Optional values read from the environment pass as they are (undefined: the default), under exactOptionalPropertyTypes.
if (env.ok) void createNodeListener(env.config, { basePath: processEnv.TENDER_BASE_PATH, pageVerifyMs: undefined });
void createApiClient({ baseUrl: 'https://api.example', apiKey: 'sk_live_x', timeoutMs: undefined }).verifyTransaction({ transactionReference: 'TND-1' }, { signal: undefined });
void verifyWebhook('{}', {}, processEnv.TENDER_WEBHOOK_SECRET, { toleranceSeconds: undefined });
void startTenderServer;
// A webhook's type narrows its status.
const shipped = (e: TenderWebhookEvent): boolean => e.type === 'payment.successful' && e.data.status === 'successful';
void shipped;
// The script tag's global, declared as the README says.
declare const Tender: import('tender-checkout').TenderGlobal;
Tender.open({ transactionReference: 'TND-1', onSuccess: ({ reference }) => void reference }).close();
void createElement(TenderCheckout, { transactionReference: 'TND-1', tenderUrl: 'https://shop.example/pay' });
export function Pay() {
  const checkout = useTenderCheckout({ transactionReference: 'TND-1', tenderUrl: 'https://shop.example/pay' });
  return createElement('button', { onClick: checkout.open }, 'Pay');
}
// A component's optional props passed straight through (exactOptionalPropertyTypes is on).
export function Passing(props: { reference: string; locale?: string; className?: string; theme?: TenderTheme; onDone?: (r: TenderSuccess) => void }) {
  useTenderCheckout({ transactionReference: props.reference, tenderUrl: 'https://shop.example/pay', locale: props.locale, theme: props.theme, onSuccess: props.onDone });
  return createElement(TenderCheckout, { transactionReference: props.reference, tenderUrl: 'https://shop.example/pay', className: props.className, locale: props.locale });
}
`;

const MISUSE = [
  ['a sandbox payment ends in a final status', `void startSandbox().then((s) => s.complete('TND-1', 'pending'));`],
  ['a webhook status is one of the final six', `void ((e: TenderWebhookEvent) => e.data.status === 'succesful');`],
  ['a webhook type narrows its status', `void ((e: TenderWebhookEvent) => e.type === 'payment.reversed' && e.data.status === 'successful');`],
  ['the ESM entry needs tenderUrl', `open({ transactionReference: 'TND-1' });`],
  ['a channel is one of the ids', `open({ transactionReference: 'TND-1', tenderUrl: 'https://p.example', channels: ['cash'] });`],
  ['the reference is a string', `open({ transactionReference: 42, tenderUrl: 'https://p.example' });`],
  ['mount needs a target', `mount({ transactionReference: 'TND-1', tenderUrl: 'https://p.example' });`],
  [
    'the amount is a number',
    `const b: InitiateRequest = { amount: '2500', currency: 'NGN', checkoutCustomerData: { email: 'a@b.example', firstName: 'A', lastName: 'B' } }; void b;`,
  ],
  [
    'metaData is a JSON string, not an object',
    `const m: InitiateRequest = { amount: 1, currency: 'NGN', checkoutCustomerData: { email: 'a@b.example', firstName: 'A', lastName: 'B' }, metaData: { orderId: 1 } }; void m;`,
  ],
  ['the React component needs tenderUrl', `void createElement(TenderCheckout, { transactionReference: 'TND-1' });`],
  ['the handler takes a Request', `void createTenderHandler({} as never)('https://x.example/');`],
] as const;

/** How a consumer's TypeScript finds modules: the strictest (node16), or a bundler's. */
type Resolution = 'node16' | 'bundler';

function project(dir: string, file: string, resolution: Resolution = 'node16'): void {
  mkdirSync(join(consumerRoot(), dir), { recursive: true });
  writeFileSync(
    join(consumerRoot(), dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: resolution === 'node16' ? 'node16' : 'esnext',
        moduleResolution: resolution,
        strict: true,
        exactOptionalPropertyTypes: true,
        noEmit: true,
        skipLibCheck: false,
        lib: ['ES2023', 'DOM'],
        types: ['node'],
      },
      include: ['*.ts'],
    }),
  );
  writeFileSync(join(consumerRoot(), dir, 'use.ts'), file);
}

const tsc = (dir: string) => run('node', ['node_modules/typescript/bin/tsc', '-p', `${dir}/tsconfig.json`], { timeoutMs: 120_000 });

describe('a TypeScript consumer', () => {
  it('compiles correct use, with every misuse an error where @ts-expect-error says (node16 resolution, lib checked)', async () => {
    project('ts-ok', USE + MISUSE.map(([why, line]) => `// @ts-expect-error ${why}\n${line}\n`).join(''));
    const r = await tsc('ts-ok');
    expect(r.stdout + r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('compiles the same under bundler resolution, every entry point found', async () => {
    project('ts-bundler', USE + MISUSE.map(([why, line]) => `// @ts-expect-error ${why}\n${line}\n`).join(''), 'bundler');
    const r = await tsc('ts-bundler');
    expect(r.stdout + r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  // TypeScript 5's node10 resolution (gone from TypeScript 6, which these tests run) reads no `exports`: each subpath's
  // types are found through typesVersions, which must name the same file as `exports` does (types trial).
  it('names for each subpath, in typesVersions, the types its export names', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { exports: Record<string, unknown>; typesVersions: { '*': Record<string, string[]> } };
    const subpaths = Object.entries(pkg.exports).filter(([path, target]) => path !== '.' && typeof target === 'object');
    expect(subpaths.length).toBeGreaterThan(0);
    for (const [path, target] of subpaths) {
      const types = (target as { types: string }).types;
      expect(pkg.typesVersions['*'][path.slice(2)], path).toEqual([types]);
      expect(existsSync(types), types).toBe(true);
    }
  });

  it('fails on each misuse when it is not marked', async () => {
    project('ts-bad', USE + MISUSE.map(([, line]) => line).join('\n'));
    const r = await tsc('ts-bad');
    expect(r.code).not.toBe(0);
    const errors = r.stdout.split('\n').filter((l) => l.includes('error TS'));
    expect(errors).toHaveLength(MISUSE.length);
  });
});
