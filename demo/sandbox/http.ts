import type { IncomingHttpHeaders } from 'node:http';
import * as v from 'valibot';
import { fieldErrors } from '../../src/api/client';
import type { IdSource } from './ids';
import type { ResolvedOptions } from './options';
import type { SandboxState } from './state';
import type { Timers } from './timers';

/** What a route answers; the Node adapter writes it. */
export type Reply =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | { status: number; html: string }
  | { status: number; css: string }
  | { status: 303; location: string };

/** Thrown by a route to answer at once with an error reply. */
export class ReplyError extends Error {
  constructor(readonly reply: Reply) {
    super(`sandbox reply ${reply.status}`);
  }
}

/** Which error envelope an operation uses: the seed's `status` family or its `success` family. */
export type Envelope = 'status' | 'success';

/** Everything a route may use. */
export interface Context {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  params: Record<string, string>;
  rawBody: string;
  /** Origin the sandbox's own pages are reached at, without a trailing slash. */
  origin: string;
  state: SandboxState;
  options: ResolvedOptions;
  ids: IdSource;
  timers: Timers;
}

/** A JSON reply. */
export function json(status: number, body: unknown): Reply {
  return { status, json: body };
}

/** An error reply in the operation's envelope. */
export function failure(status: number, message: string, envelope: Envelope = 'status', data?: unknown): Reply {
  const body: Record<string, unknown> = envelope === 'status' ? { status: false, message } : { success: false, message };
  if (data !== undefined) body.data = data;
  return json(status, body);
}

/** Throws an error reply in the operation's envelope. */
export function fail(status: number, message: string, envelope: Envelope = 'status', data?: unknown): never {
  throw new ReplyError(failure(status, message, envelope, data));
}

const JSON_TYPES = /^(application\/json|text\/json|application\/[\w.+-]+\+json)\s*(;|$)/i;

/** The request body as JSON; a clear 400 when it is missing, not JSON or sent with another content type. */
export function jsonBody(ctx: Context, envelope: Envelope = 'status'): unknown {
  const type = ctx.headers['content-type'];
  if (type !== undefined && !JSON_TYPES.test(type)) {
    fail(400, `The request body must be JSON: send Content-Type: application/json (received ${type.split(';')[0]})`, envelope);
  }
  if (ctx.rawBody.trim() === '') fail(400, 'The request body is empty: send a JSON object', envelope);
  try {
    return JSON.parse(ctx.rawBody) as unknown;
  } catch {
    return fail(400, 'The request body is not valid JSON', envelope);
  }
}

/** Validates input against a contract schema; a 400 naming each wrong field otherwise. */
export function validate<S extends v.GenericSchema>(schema: S, input: unknown, envelope: Envelope = 'status'): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const errors = fieldErrors(result.issues);
  const message = Object.entries(errors)
    .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
    .join('; ');
  return fail(400, `Invalid request: ${message}`, envelope);
}

/** The Idempotency-Key header, if the caller sent one. */
export function idempotencyKey(ctx: Context): string | undefined {
  const value = ctx.headers['idempotency-key'];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Formats an amount as money for pages, e.g. ₦5,000.00. */
export function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-NG', { style: 'currency', currency }).format(amount);
  } catch {
    return `${currency} ${amount.toFixed(2)}`;
  }
}
