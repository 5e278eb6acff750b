#!/usr/bin/env node
// The `tender` command: `tender serve` runs the Tender server configured by its environment (as `npm run serve`),
// `tender sandbox` the sandbox payment API on loopback, for trying an integration without a gateway account.
import { startSandbox, TEST_CARDS, TEST_OTP, TEST_PIN } from '../../demo/sandbox/server';
import { runServer } from './run';

const USAGE = `Usage:
  tender serve       the Tender server; configured by TENDER_API_BASE_URL, TENDER_API_KEY, TENDER_ALLOWED_ORIGINS, PORT, HOST, …
  tender sandbox     the sandbox payment API on 127.0.0.1 (SANDBOX_PORT, default 8082; key sk_test_sandbox; USSD and
                     transfers complete after SANDBOX_USSD_DELAY_MS (8000) and SANDBOX_TRANSFER_DELAY_MS (10000), or
                     off: only when POST /sandbox/transactions/REF/complete says; the hang card answers after
                     SANDBOX_HANG_MS (60000))
  tender --version   the package's version`;

const [command, ...rest] = process.argv.slice(2);
const HELP = ['--help', '-h', 'help'];
if (command === undefined) {
  console.error(USAGE);
  process.exit(1);
} else if (HELP.includes(command) || rest.some((a) => HELP.includes(a))) {
  // Asked for (`tender serve --help` too, rather than starting it): on stdout, so `tender --help | less` works.
  console.log(USAGE);
} else if (command === '--version' || command === '-v') {
  console.log(typeof __TENDER_VERSION__ === 'string' ? __TENDER_VERSION__ : '0.0.0-dev');
} else if ((command === 'serve' || command === 'sandbox') && rest.length) {
  // A flag such as --port would be silently ignored: the commands read only their environment.
  console.error(`tender ${command} takes no arguments (received ${JSON.stringify(rest.join(' '))}): configure it with environment variables.\n${USAGE}`);
  process.exit(1);
} else if (command === 'serve') {
  await runServer(process.env);
} else if (command === 'sandbox') {
  const raw = process.env.SANDBOX_PORT ?? '8082';
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65_535) {
    console.error(`SANDBOX_PORT must be a port number from 0 to 65535, received ${JSON.stringify(raw)}`);
    process.exit(1);
  }
  const apiKey = process.env.SANDBOX_API_KEY || 'sk_test_sandbox';
  // A merchant's tests make a USSD or transfer payment wait (`off`: until POST /sandbox/transactions/REF/complete) or
  // complete at once, rather than race the demo's 8 s and 10 s.
  const delay = (name: string, fallback: number | undefined, off: boolean): number | null | undefined => {
    const value = process.env[name];
    if (value === undefined || value === '') return fallback;
    if (off && value.toLowerCase() === 'off') return null;
    if (!/^\d{1,9}$/.test(value)) {
      console.error(`${name} must be a number of milliseconds (at most 999999999)${off ? ' or off' : ''}, received ${JSON.stringify(value)}`);
      process.exit(1);
    }
    return Number(value);
  };
  const ussdDelayMs = delay('SANDBOX_USSD_DELAY_MS', 8000, true);
  const transferDelayMs = delay('SANDBOX_TRANSFER_DELAY_MS', 10_000, true);
  // Unset, the sandbox's own default (resolveOptions), said below as it resolved it.
  const hangMs = delay('SANDBOX_HANG_MS', undefined, false) ?? undefined;
  const sandbox = await startSandbox({ port, apiKey, ussdDelayMs, transferDelayMs, hangMs });
  console.log(`Sandbox payment API listening on ${sandbox.url}`);
  console.log(`  API key: ${apiKey}   (run the Tender server with TENDER_API_BASE_URL=${sandbox.url} TENDER_API_KEY=${apiKey})`);
  console.log(`  test cards (PIN ${TEST_PIN}, OTP ${TEST_OTP}): ${TEST_CARDS.map((c) => c.number).join(', ')}`);
  const after = (ms: number | null) => (ms === null ? 'when POST /sandbox/transactions/REF/complete says' : `after ${ms} ms`);
  const resolved = sandbox.sandbox.options;
  console.log(
    `  USSD completes ${after(resolved.ussdDelayMs)}, a transfer ${after(resolved.transferDelayMs)}; the hang card answers after ${resolved.hangMs} ms`,
  );
  const stop = () => void sandbox.close().finally(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} else {
  console.error(`tender: unknown command ${JSON.stringify(command)}\n${USAGE}`);
  process.exit(1);
}
