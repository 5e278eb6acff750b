// The Tender server in a child process of the bench, configured by the environment as `npm run serve` is.
import { configFromEnv } from '../../../src/server/config';
import { startTenderServer } from '../../../src/server/node';
import { timeOwnWork } from './ownWork';

const result = configFromEnv(process.env);
if (!result.ok) {
  process.stderr.write(`${result.errors.join('\n')}\n`);
  process.exit(1);
}
const config = result.config;
if (process.env.BENCH_OWN_WORK) {
  // Not a server: the in-process timing of the proxied call (ownWork.ts), sent back once.
  process.send?.(await timeOwnWork(config), () => process.exit(0));
} else await serve();

async function serve(): Promise<void> {
  const server = await startTenderServer(config, { port: 0, host: '127.0.0.1' });
  process.send?.({ url: server.url });
  process.on('message', (m) => {
    if (m === 'mem') {
      (globalThis as { gc?: () => void }).gc?.();
      process.send?.(process.memoryUsage());
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.on('SIGTERM', () => void server.close().finally(() => process.exit(0)));
}
