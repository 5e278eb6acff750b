// Helpers of the consumer tests: run code in the scratch project as a merchant's would run, and a fake payment API.
import { execFile, spawn } from 'node:child_process';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';

/** The scratch project (see setup.ts). */
export const consumerRoot = (): string => inject('consumerRoot');

/** Runs `node` in the scratch project; resolves with its output, rejects with it on a non-zero exit. */
export function run(
  command: string,
  args: string[],
  options: { env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd: consumerRoot(), env: { ...process.env, ...options.env }, timeout: options.timeoutMs ?? 60_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** One request as the fake payment API received it. */
export interface UpstreamCall {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A fake payment API on loopback: verify answers a pending transaction; every call is recorded. */
export async function startFakeApi(): Promise<{ url: string; calls: UpstreamCall[]; close(): Promise<void> }> {
  const calls: UpstreamCall[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      calls.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ status: true, message: 'ok', data: { status: 'pending', transactionReference: 'TND-consumer-1', amount: 2500, currency: 'NGN' } }),
      );
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}

/** Copies the example apps (test/consumer/apps/) into the scratch project, where they import the installed package. */
export function copyApps(): void {
  cpSync(join(import.meta.dirname, 'apps'), consumerRoot(), { recursive: true });
}

/** Starts `node <file>` in the scratch project and waits for its `listening <url>` line. */
export async function startApp(file: string, env: Record<string, string>): Promise<{ url: string; output: () => string; stop(): Promise<void> }> {
  const child = spawn('node', [file], { cwd: consumerRoot(), env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${file} did not start: ${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const m = /listening (http:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}: ${output}`)));
  });
  return {
    url,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A GET through node:http, so the test sees the bytes as sent (fetch would decompress them). */
export function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}
