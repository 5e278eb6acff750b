import { chromium } from 'playwright-core';
import { createApiClient } from '../src/api/client';
const api = createApiClient({ baseUrl: 'http://127.0.0.1:41702', apiKey: 'sk_test_sandbox' });
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const r = await api.initiatePaymentLink({ amount: 6500, currency: 'NGN', checkoutCustomerData: { email: 'a@b.co', firstName: 'A', lastName: 'B' } });
if (!r.ok) throw new Error(JSON.stringify(r));
const ref = (r.value as any).data.transactionReference;
const url = `http://127.0.0.1:41701/checkout/?transactionReference=${ref}`;
{
  const ctx = await b.newContext({ viewport: { width: 320, height: 640 } });
  const p = await ctx.newPage();
  await p.goto(url);
  await p.getByRole('tab', { name: 'USSD' }).click();
  await p.getByRole('radio', { name: 'Access Bank' }).check();
  await p.getByRole('button', { name: 'Get USSD code' }).click();
  await p.locator('.tender-code').waitFor();
  await ctx.close();
}
for (const [w, vp] of [
  ['320', { width: 320, height: 640 }],
  ['1280', { width: 1280, height: 860 }],
] as const) {
  const ctx = await b.newContext({ viewport: vp, javaScriptEnabled: false });
  const p = await ctx.newPage();
  await p.goto(url);
  await p.screenshot({ path: `/tmp/shots/reload-ussd-nojs-${w}.png` });
  await ctx.close();
  const ctx2 = await b.newContext({ viewport: vp });
  const p2 = await ctx2.newPage();
  await p2.goto(url);
  await p2.locator('.tender-code').waitFor();
  await p2.screenshot({ path: `/tmp/shots/reload-ussd-js-${w}.png` });
  await ctx2.close();
}
await b.close();
