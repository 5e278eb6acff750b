/**
 * Headers every response carries. Non-HTML answers also get a CSP that forbids everything, so a JSON or
 * script response opened as a document can do nothing; the hosted page replaces it with its own.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
});

const JSON_TYPE = 'application/json; charset=utf-8';

const encoder = new TextEncoder();
// Buffer.byteLength where there is a Buffer (Node): it counts without encoding a copy. Cloudflare's runtime may have none.
const byteLength: (text: string) => number = typeof Buffer === 'function' ? Buffer.byteLength : (text) => encoder.encode(text).length;

/**
 * A response as plain data. The proxy answers with these so the Node adapter can write them straight to
 * node:http; {@link toResponse} makes a Web Response of one for the Web-standard handler.
 */
export interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /**
   * The whole body (JSON text), or null for none. Text rather than bytes: node:http then sends the head and
   * the body in one write, where bytes take a gathered write of two buffers; and no copy is encoded first.
   */
  readonly body: string | null;
}

/**
 * The bodies of responses built here, so the Node adapter can write them with one `res.end(text)` instead of
 * reading the Response's stream. The Response keeps its ordinary body too: every other consumer (edge platforms,
 * tests) reads it as usual. Keyed weakly, so nothing outlives the Response.
 */
const knownBodies = new WeakMap<Response, string | Uint8Array>();

/** The whole body of a response built by this module, or undefined (then read its stream). */
export function knownBody(response: Response): string | Uint8Array | undefined {
  return knownBodies.get(response);
}

/**
 * A Response of bytes at hand (a built file), which the Node adapter writes with one `res.end`: node:http then
 * counts them as the answer is queued, and stops reading a connection that pipelines faster than it reads.
 */
export function bytesResponse(body: Uint8Array, init: ResponseInit): Response {
  const response = new Response(body as Uint8Array<ArrayBuffer>, init);
  knownBodies.set(response, body);
  return response;
}

/** A Web Response of an answer; the Node adapter writes its known body without reading the stream. */
export function toResponse(answer: Answer): Response {
  const response = new Response(answer.body, { status: answer.status, headers: answer.headers });
  if (answer.body !== null) knownBodies.set(response, answer.body);
  return response;
}

/** A JSON answer with the security headers, `no-store`, and an exact Content-Length. */
export function jsonAnswer(status: number, body: unknown, headers?: Readonly<Record<string, string>>): Answer {
  return rawJsonAnswer(status, JSON.stringify(body), headers);
}

/** Like {@link jsonAnswer} for text that is already JSON (an upstream answer passed through). */
export function rawJsonAnswer(status: number, text: string, headers?: Readonly<Record<string, string>>): Answer {
  // A literal, then plain assignments: object spread here cost more than the rest of building the answer
  // (a microsecond or more a call on the bench machine). SECURITY_HEADERS's entries, one by one (tested).
  const out: Record<string, string> = {
    'x-content-type-options': SECURITY_HEADERS['x-content-type-options'] as string,
    'referrer-policy': SECURITY_HEADERS['referrer-policy'] as string,
    'cross-origin-resource-policy': SECURITY_HEADERS['cross-origin-resource-policy'] as string,
    'content-security-policy': SECURITY_HEADERS['content-security-policy'] as string,
    'content-type': JSON_TYPE,
    'cache-control': 'no-store',
    'content-length': String(byteLength(text)),
  };
  if (headers !== undefined) for (const name in headers) out[name] = headers[name] as string;
  return { status, headers: out, body: text };
}

/** A JSON response with the security headers, `no-store`, and an exact Content-Length. */
export function jsonResponse(status: number, body: unknown, headers?: Readonly<Record<string, string>>): Response {
  return toResponse(jsonAnswer(status, body, headers));
}

/** Like {@link jsonResponse} for text that is already JSON. */
export function rawJsonResponse(status: number, text: string, headers?: Readonly<Record<string, string>>): Response {
  return toResponse(rawJsonAnswer(status, text, headers));
}

/** The closed set of error codes the server itself answers with (upstream answers pass through as they are). */
export type ServerErrorCode =
  | 'not_found'
  | 'method_not_allowed'
  | 'forbidden_origin'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'invalid_json'
  | 'invalid_request'
  | 'rate_limited'
  | 'idempotency_in_flight'
  | 'idempotency_key_reused'
  | 'temporarily_unavailable'
  | 'upstream_timeout'
  | 'upstream_unreachable'
  | 'upstream_redirect'
  | 'upstream_invalid'
  | 'not_built'
  | 'body_already_read'
  | 'not_implemented'
  | 'internal_error';

/** The API's own failure envelope (`status:false` + message), plus a stable code for programs. */
export function errorAnswer(
  status: number,
  code: ServerErrorCode,
  message: string,
  headers?: Readonly<Record<string, string>>,
  extra?: Record<string, unknown>,
): Answer {
  return jsonAnswer(status, { status: false, code, message, ...extra }, headers);
}

/** 404 for everything the server does not serve, the same whatever was asked. */
export const NOT_FOUND: Answer = Object.freeze(errorAnswer(404, 'not_found', 'Not found.'));

/** {@link NOT_FOUND} as a Web Response. */
export const notFound = (): Response => toResponse(NOT_FOUND);

/** 405 naming the methods the path does accept. */
export const methodNotAllowedAnswer = (allow: string): Answer =>
  errorAnswer(405, 'method_not_allowed', `Method not allowed; this path accepts ${allow}.`, { allow });

/** {@link methodNotAllowedAnswer} as a Web Response. */
export const methodNotAllowed = (allow: string): Response => toResponse(methodNotAllowedAnswer(allow));
