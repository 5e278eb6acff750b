/** One line of the server's structured log: a request, or a server event (start, internal error). */
export interface LogRecord {
  readonly time: string;
  readonly level: 'info' | 'warn' | 'error';
  readonly requestId?: string;
  readonly method?: string;
  /** Path without the query string, long digit runs masked. */
  readonly path?: string;
  readonly status?: number;
  readonly ms?: number;
  readonly upstreamStatus?: number;
  readonly upstreamMs?: number;
  /**
   * The payment API's URL the call went to, on a line whose event is about its answer or its absence (a 404 page,
   * a refused key, no answer): a wrong `TENDER_API_BASE_URL` shows where it is read.
   */
  readonly upstreamUrl?: string;
  /** A closed code for what went wrong (`upstream_timeout`, `internal_error`, …), never a free-form dump. */
  readonly event?: string;
  /**
   * The Origin a browser request was refused for (`forbidden_origin`, `embed_origin_not_allowed`), at most 200
   * characters: the one to add to `TENDER_ALLOWED_ORIGINS`, or the server's own as a proxy in front hid it.
   */
  readonly origin?: string;
  /**
   * The transaction reference the line is about: a proxied call's or a page's once its input passed the checks, or
   * the one background work (reconcile, webhooks) is about.
   */
  readonly reference?: string;
  /** A store event's store (`store_connected`, `store_unreachable`, …): its URL, the password redacted. */
  readonly store?: string;
  /** Background work: which attempt this was, from 1 (a webhook delivery). */
  readonly attempt?: number;
  /** Background work: a closed code for why an attempt failed (`http_500`, `timeout`, `connection_refused`, …). */
  readonly reason?: string;
  /** Background work: when the next attempt is due, ISO 8601. */
  readonly retryAt?: string;
}

/** Where log records go; inject one in tests to capture them. */
export type Logger = (record: LogRecord) => void;

const FLUSH_BYTES = 32 * 1024;
const FLUSH_MS = 20;
// Made at the first line: the edge build imports this module and may have no Buffer.
let pending: Buffer | undefined;
let used = 0;
let scheduled = false;

function flush(): void {
  scheduled = false;
  if (pending === undefined || used === 0) return;
  const out = pending.subarray(0, used);
  // A stream may hold the bytes until they are written: the next lines go to a new buffer, not over these.
  pending = undefined;
  used = 0;
  process.stdout.write(out);
}

/**
 * Writes each record as one JSON line on stdout. Lines are gathered for at most 20 ms (or 32 KB) and written
 * together: one write per request is a system call per request, and a reader of the pipe sees far fewer
 * chunks. They are gathered as bytes: a line kept as a string for 20 ms outlives the young generation's
 * collections, and copying those strings from one collection to the next cost the proxy more than making them
 * (docs/ARCHITECTURE.md, budgets). Whatever is pending is written when the process exits.
 */
export const stdoutLogger: Logger = (record) => {
  const line = `${formatRecord(record)}\n`;
  // A UTF-16 unit is at most 3 bytes of UTF-8: a line that may not fit goes after what is pending.
  if (FLUSH_BYTES - used < line.length * 3) flush();
  if (line.length * 3 > FLUSH_BYTES) {
    process.stdout.write(line);
    return;
  }
  pending ??= Buffer.allocUnsafeSlow(FLUSH_BYTES);
  used += pending.write(line, used);
  if (!scheduled) {
    scheduled = true;
    setTimeout(flush, FLUSH_MS).unref();
    if (!exitHooked) {
      exitHooked = true;
      process.once('exit', flush);
    }
  }
};
let exitHooked = false;

/** Writes each record as one JSON line through console.log: the edge build's (Workers keep what the console says). */
export const consoleLogger: Logger = (record) => console.log(formatRecord(record));

const MAX_CLIENT_TEXT = 200;

/** Text a client chose (a path, an Origin) as it may be logged: at most 200 characters, then `…`. */
export function loggableText(text: string): string {
  return text.length > MAX_CLIENT_TEXT ? `${text.slice(0, MAX_CLIENT_TEXT)}…` : text;
}

/**
 * The path as it may be logged: a client can put anything in a URL, including a card number, so runs of
 * eight or more digits are masked and the length is capped.
 */
export function loggablePath(pathname: string): string {
  const capped = loggableText(pathname);
  return /\d{8}/.test(capped) ? capped.replace(/\d{8,}/g, '[digits]') : capped;
}

/** Strings that are their own JSON form between quotes: printable ASCII without `"` or `\\`. */
const PLAIN = /^[ !#-[\]-~]*$/;
const str = (value: string): string => (PLAIN.test(value) ? `"${value}"` : JSON.stringify(value));
/**
 * A number's JSON text. Durations are rounded to tenths, and V8's general double-to-text conversion cost more
 * than the rest of the line: a whole number of tenths is written from two integers (the same shortest text).
 */
function num(value: number): string {
  if (Number.isInteger(value)) return `${value}`;
  const tenths = Math.round(value * 10);
  if (tenths / 10 === value && tenths < 1e15 && tenths > -1e15) {
    const size = tenths < 0 ? -tenths : tenths;
    const rest = size % 10;
    return `${tenths < 0 ? '-' : ''}${(size - rest) / 10}.${rest}`;
  }
  return Number.isFinite(value) ? `${value}` : 'null';
}

/**
 * A record as the JSON text `JSON.stringify` would give, fields in the same order, for a third of its cost:
 * the line is written for every request, so it counts against the proxy's budget (docs/ARCHITECTURE.md, budgets).
 */
export function formatRecord(record: LogRecord): string {
  let line = `{"time":${str(record.time)},"level":${str(record.level)}`;
  if (record.requestId !== undefined) line += `,"requestId":${str(record.requestId)}`;
  if (record.method !== undefined) line += `,"method":${str(record.method)}`;
  if (record.path !== undefined) line += `,"path":${str(record.path)}`;
  if (record.status !== undefined) line += `,"status":${num(record.status)}`;
  if (record.ms !== undefined) line += `,"ms":${num(record.ms)}`;
  if (record.upstreamStatus !== undefined) line += `,"upstreamStatus":${num(record.upstreamStatus)}`;
  if (record.upstreamMs !== undefined) line += `,"upstreamMs":${num(record.upstreamMs)}`;
  if (record.upstreamUrl !== undefined) line += `,"upstreamUrl":${str(record.upstreamUrl)}`;
  if (record.event !== undefined) line += `,"event":${str(record.event)}`;
  if (record.origin !== undefined) line += `,"origin":${str(record.origin)}`;
  if (record.reference !== undefined) line += `,"reference":${str(record.reference)}`;
  if (record.store !== undefined) line += `,"store":${str(record.store)}`;
  // Only background lines carry these (a reason or a retry time only with an attempt); a request's line pays one check.
  if (record.attempt !== undefined) {
    line += `,"attempt":${num(record.attempt)}`;
    if (record.reason !== undefined) line += `,"reason":${str(record.reason)}`;
    if (record.retryAt !== undefined) line += `,"retryAt":${str(record.retryAt)}`;
  }
  return `${line}}`;
}

let isoSecond = Number.NaN;
let isoPrefix = '';

/** `new Date().toISOString()`, with the part up to the seconds formatted once a second rather than per call. */
export function isoNow(): string {
  const t = Date.now();
  const second = Math.floor(t / 1000);
  if (second !== isoSecond) {
    isoSecond = second;
    isoPrefix = new Date(second * 1000).toISOString().slice(0, 20);
  }
  const ms = t - second * 1000;
  return `${isoPrefix}${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z`;
}
