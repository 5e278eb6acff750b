import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A free loopback port, for a server whose origin must be known before it starts (an allowed storefront origin). */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}
