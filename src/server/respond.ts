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

/**
 * The bytes of responses built here, so the Node adapter can write them with one `res.end(bytes)` instead of
 * reading the Response's stream. The Response keeps its ordinary body too: every other consumer (edge platforms,
 * tests) reads it as usual. Keyed weakly, so nothing outlives the Response.
 */
const knownBodies = new WeakMap<Response, Buffer>();

/** The whole body of a response built by this module, or undefined (then read its stream). */
export function knownBody(response: Response): Buffer | undefined {
  return knownBodies.get(response);
}

/** Records the whole body of `response` (which must be exactly those bytes); returns the response. */
export function withKnownBody(response: Response, bytes: Buffer): Response {
  knownBodies.set(response, bytes);
  return response;
}

/**
 * The bytes of a request body the Node adapter has already read in full (capped at the body limit plus one
 * byte), so the proxy need not read the Request's stream. Edge platforms never set it; the proxy then reads the
 * stream with the same limit.
 */
const knownRequestBodies = new WeakMap<Request, Uint8Array>();

/** The whole body of a request read by the Node adapter, or undefined. */
export function knownRequestBody(request: Request): Uint8Array | undefined {
  return knownRequestBodies.get(request);
}

/** Records the bytes `request` was built with; returns the request. */
export function withKnownRequestBody(request: Request, bytes: Uint8Array): Request {
  knownRequestBodies.set(request, bytes);
  return request;
}

/** A JSON response with the security headers, `no-store`, and an exact Content-Length. */
export function jsonResponse(status: number, body: unknown, headers?: Record<string, string>): Response {
  return rawJsonResponse(status, JSON.stringify(body), headers);
}

/** Like {@link jsonResponse} for text that is already JSON (an upstream answer passed through). */
export function rawJsonResponse(status: number, text: string, headers?: Record<string, string>, forRequest?: Request): Response {
  const bytes = Buffer.from(text, 'utf8');
  const init = {
    status,
    headers: {
      ...SECURITY_HEADERS,
      'content-type': JSON_TYPE,
      'cache-control': 'no-store',
      'content-length': String(bytes.length),
      ...headers,
    },
  };
  // Only for a request of the Node adapter, which writes the known bytes: a platform's native server would read
  // the Response's internal body, which a BufferedResponse leaves empty until asked through the JS API.
  const response = forRequest !== undefined && adapterRequests.has(forRequest) ? new BufferedResponse(bytes, init) : new Response(bytes, init);
  knownBodies.set(response, bytes);
  return response;
}

/** Requests built by the Node adapter (node.ts), whose responses it writes from their known bytes. */
const adapterRequests = new WeakSet<Request>();

/** Marks `request` as built by the Node adapter; returns it. */
export function markAdapterRequest(request: Request): Request {
  adapterRequests.add(request);
  return request;
}

/**
 * A Response whose bytes are in memory: its Web stream (which costs more to build than the rest of a small
 * proxied answer) is made only when the JS API asks for the body. Every reading method behaves as on a
 * Response built with those bytes. Used only towards the Node adapter (see {@link rawJsonResponse}).
 */
class BufferedResponse extends Response {
  readonly #bytes: Buffer;
  #real: Response | undefined;

  constructor(bytes: Buffer, init: ResponseInit) {
    super(null, init);
    this.#bytes = bytes;
  }

  #withBody(): Response {
    this.#real ??= new Response(this.#bytes as Uint8Array<ArrayBuffer>, { status: this.status, statusText: this.statusText, headers: this.headers });
    return this.#real;
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    return this.#withBody().body;
  }
  override get bodyUsed(): boolean {
    return this.#real?.bodyUsed ?? false;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return this.#withBody().arrayBuffer();
  }
  override blob(): Promise<Blob> {
    return this.#withBody().blob();
  }
  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#withBody().bytes();
  }
  override formData(): Promise<FormData> {
    return this.#withBody().formData();
  }
  override json(): Promise<unknown> {
    return this.#withBody().json();
  }
  override text(): Promise<string> {
    return this.#withBody().text();
  }
  override clone(): Response {
    return this.#withBody().clone();
  }
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
  | 'upstream_timeout'
  | 'upstream_unreachable'
  | 'upstream_redirect'
  | 'upstream_invalid'
  | 'not_built'
  | 'internal_error';

/** The API's own failure envelope (`status:false` + message), plus a stable code for programs. */
export function errorResponse(
  status: number,
  code: ServerErrorCode,
  message: string,
  headers?: Record<string, string>,
  extra?: Record<string, unknown>,
): Response {
  return jsonResponse(status, { status: false, code, message, ...extra }, headers);
}

/** 404 for everything the server does not serve, the same whatever was asked. */
export const notFound = (): Response => errorResponse(404, 'not_found', 'Not found.');

/** 405 naming the methods the path does accept. */
export const methodNotAllowed = (allow: string): Response =>
  errorResponse(405, 'method_not_allowed', `Method not allowed; this path accepts ${allow}.`, { allow });
