// The `npm run serve` entry: the Tender server configured only by the environment (see the README, "Running the Tender server alone").
import { configFromEnv } from './config';
import { startTenderServer } from './node';

const result = configFromEnv(process.env);
if (!result.ok) {
  console.error('Tender server: the configuration is not valid:');
  for (const error of result.errors) console.error(`  - ${error}`);
  console.error('See the README (environment variables) for every setting.');
  process.exit(1);
}
for (const warning of result.warnings) console.warn(`Tender server: warning: ${warning}`);

const { config } = result;
const server = await startTenderServer(config);
console.log(`Tender server listening on ${server.url}`);
console.log(`  payment API: ${config.apiBaseUrl}${config.allowHttpLoopback ? ' (sandbox mode: http redirects to loopback allowed)' : ''}`);
console.log(`  allowed origins: ${config.allowedOrigins.length ? config.allowedOrigins.join(', ') : '(none: only the hosted page itself)'}`);
console.log(`  loader: ${server.url}/tender.js   hosted page: ${server.url}/checkout/`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`Tender server: ${signal}, stopping`);
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
