// The Tender server as a merchant deploys it, configured only by the environment: `npm run serve` (serve.ts)
// and `tender serve` (cli.ts) run it.
import { configFromEnv, redactUserinfo } from './config';
import { defaultDrainMs, startTenderServer } from './node';

/**
 * Reads the configuration from `env`, starts the server, prints where it listens, and on SIGINT/SIGTERM drains it
 * (requests in flight finish, up to the upstream time-out and 1 s) and exits; a second signal exits at once.
 */
export async function runServer(env: Readonly<Record<string, string | undefined>>): Promise<void> {
  const result = configFromEnv(env);
  if (!result.ok) {
    console.error('Tender server: the configuration is not valid:');
    for (const error of result.errors) console.error(`  - ${error}`);
    console.error('See the README, "Running the Tender server alone", for every setting.');
    process.exit(1);
  }
  for (const warning of result.warnings) console.warn(`Tender server: warning: ${warning}`);

  const { config } = result;
  let server: Awaited<ReturnType<typeof startTenderServer>>;
  const drainMs = defaultDrainMs(config);
  try {
    server = await startTenderServer(config);
  } catch (err) {
    // The usual causes have a fix to name; a stack trace names none.
    const code = (err as NodeJS.ErrnoException).code;
    const where = `${config.host}:${config.port}`;
    if (code === 'EADDRINUSE') console.error(`Tender server: ${where} is already in use: stop what listens there, or set PORT to another port.`);
    else if (code === 'EACCES') console.error(`Tender server: not allowed to listen on ${where}: ports below 1024 need privileges; set PORT to 1024 or above.`);
    else if (code === 'EADDRNOTAVAIL') console.error(`Tender server: ${config.host} is not an address of this machine: set HOST (e.g. 127.0.0.1 or 0.0.0.0).`);
    else console.error(`Tender server: could not start: ${(err as Error).message}`);
    process.exit(1);
  }
  // What people read goes to stderr; stdout carries the log's JSON lines alone, so `tender serve | jq` and a log
  // shipper that parses every line of stdout read nothing else.
  console.error(`Tender server listening on ${server.url}`);
  console.error(`  payment API: ${config.apiBaseUrl}${config.allowHttpLoopback ? ' (sandbox mode: http redirects to loopback allowed)' : ''}`);
  console.error(`  allowed origins: ${config.allowedOrigins.length ? config.allowedOrigins.join(', ') : '(none: only the hosted page itself)'}`);
  // Behind a proxy, the setting that decides whose address a rate limit counts: wrong, it shows nowhere else.
  console.error(
    `  client address: ${config.trustProxy > 0 ? `from X-Forwarded-For, ${config.trustProxy} ${config.trustProxy > 1 ? 'proxies' : 'proxy'} trusted (TENDER_TRUST_PROXY)` : "the connection's (TENDER_TRUST_PROXY off: behind a proxy, every payer is one client)"}`,
  );
  // What an operator checks first after a deploy; the webhook URL by its origin only (its path may be a secret of
  // its own), never the secret; the Redis URL without its password.
  console.error(`  webhooks: ${config.webhookUrl ? `on, to ${new URL(config.webhookUrl).origin}` : 'off (TENDER_WEBHOOK_URL not set)'}`);
  console.error(
    `  store: ${config.redisUrl ? `redis ${redactUserinfo(config.redisUrl)}` : 'memory (this process only: limits, Idempotency-Keys and jobs are not shared, nor kept across a restart)'}`,
  );
  const under = `${server.url}${config.basePath ?? ''}`;
  console.error(`  loader: ${under}/tender.js   hosted page: ${under}/checkout/   API: ${under}/api/v1/`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      // A second signal (Ctrl-C again) is an operator who will not wait.
      console.error(`Tender server: ${signal} again, exiting without waiting for requests in flight`);
      process.exit(1);
    }
    stopping = true;
    // Drained, not cut: a payment in flight gets its answer (the payment API may already have charged it).
    console.error(`Tender server: ${signal}, stopping: no new connections; requests in flight have up to ${Math.ceil(drainMs / 1000)} s to finish`);
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
