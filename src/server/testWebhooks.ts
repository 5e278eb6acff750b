// Test-only: a merchant's webhook endpoint on loopback that checks each delivery with verifyWebhook.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from './webhookVerify';

/** One delivery as the receiver saw it. */
interface Delivery {
  readonly id: string;
  readonly verified: boolean;
  readonly payload: unknown;
  readonly answered: number;
}

/** What the receiver does with the next delivery: answer with a status, or never answer. */
type ReceiverBehaviour = (delivery: { id: string; n: number }) => number | 'hang';

/** A webhook endpoint that records every delivery, verified or not. */
export interface WebhookReceiver {
  readonly url: string;
  readonly deliveries: Delivery[];
  /** Event ids processed (verified, answered 2xx), each once: the merchant's de-duplication. */
  readonly processed: Map<string, unknown>;
  behave(fn: ReceiverBehaviour): void;
  close(): Promise<void>;
}

/** A fresh `whsec_` secret. */
export const testSecret = (): string => `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64')}`;

/** Starts the receiver on 127.0.0.1 and a free port; by default it answers 204 to every valid delivery. */
export async function startWebhookReceiver(secret: string): Promise<WebhookReceiver> {
  const deliveries: Delivery[] = [];
  const processed = new Map<string, unknown>();
  let behaviour: ReceiverBehaviour = () => 204;
  const hung = new Set<ServerResponse>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let payload: unknown;
      let verified = true;
      try {
        payload = await verifyWebhook(body, req.headers, secret);
      } catch {
        verified = false;
      }
      const id = String(req.headers['webhook-id'] ?? '');
      const n = deliveries.filter((d) => d.id === id).length;
      const answer = verified ? behaviour({ id, n }) : 400;
      deliveries.push({ id, verified, payload, answered: answer === 'hang' ? 0 : answer });
      if (answer === 'hang') {
        hung.add(res);
        return;
      }
      if (verified && answer >= 200 && answer < 300 && !processed.has(id)) processed.set(id, payload);
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/tender`,
    deliveries,
    processed,
    behave(fn) {
      behaviour = fn;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hung) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
