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

/** A JSON response with the security headers, `no-store`, and an exact Content-Length. */
export function jsonResponse(status: number, body: unknown, headers?: Record<string, string>): Response {
  return rawJsonResponse(status, JSON.stringify(body), headers);
}

/** Like {@link jsonResponse} for text that is already JSON (an upstream answer passed through). */
export function rawJsonResponse(status: number, text: string, headers?: Record<string, string>): Response {
  return new Response(text, {
    status,
    headers: {
      ...SECURITY_HEADERS,
      'content-type': JSON_TYPE,
      'cache-control': 'no-store',
      'content-length': String(Buffer.byteLength(text)),
      ...headers,
    },
  });
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
