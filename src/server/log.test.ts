import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatRecord, isoNow, loggablePath, stdoutLogger, type LogRecord } from './log';

const base: LogRecord = { time: '2026-11-22T06:13:24.123Z', level: 'info' };

describe('formatRecord', () => {
  it.each<[string, LogRecord]>([
    [
      'a proxied call',
      {
        ...base,
        requestId: 'e3b57b22-078f-4e26-80f3-f14964c5ca7b',
        method: 'POST',
        path: '/api/v1/transaction/verify',
        status: 200,
        ms: 1.3,
        upstreamStatus: 200,
        upstreamMs: 0.9,
      },
    ],
    [
      'a refusal',
      { ...base, level: 'warn', requestId: 'client_req_1', method: 'OPTIONS', path: '/api/v1/card-payment', status: 403, ms: 0, event: 'forbidden_origin' },
    ],
    [
      'a proxied call the payment API refused',
      {
        ...base,
        level: 'error',
        requestId: 'e3b57b22-078f-4e26-80f3-f14964c5ca7b',
        method: 'POST',
        path: '/api/v1/transaction/verify',
        status: 502,
        ms: 3.1,
        upstreamStatus: 404,
        upstreamMs: 2.8,
        upstreamUrl: 'https://api.example.com/v1/api/v1/transaction/verify',
        event: 'upstream_invalid',
        reference: 'TND-1',
      },
    ],
    ['only the required fields', base],
    [
      'a webhook retry',
      {
        ...base,
        level: 'warn',
        requestId: 'evt_0123',
        event: 'webhook_retry',
        reference: 'TND-1',
        attempt: 2,
        reason: 'connection_refused',
        retryAt: '2026-11-22T06:13:44.123Z',
      },
    ],
    ['a reconcile line', { ...base, requestId: 'TND-1', event: 'reconcile_final_successful', reference: 'TND-1' }],
    ['a store line', { ...base, level: 'error', event: 'store_unreachable', store: 'redis://[redacted]@redis.internal:6379/2' }],
    ['quotes and backslashes', { ...base, method: 'P"O\\ST', path: '/a"b\\c' }],
    ['control characters', { ...base, path: '/a\nb\tc\u0000d\u001f' }],
    ['non-ASCII and separators', { ...base, path: '/é/€/𝄞/\u2028\u2029' }],
    ['a lone surrogate', { ...base, path: '/\ud800x' }],
    ['odd numbers', { ...base, status: -0, ms: Number.NaN, upstreamStatus: Number.POSITIVE_INFINITY, upstreamMs: 1e21 }],
  ])('%s: the same text as JSON.stringify', (_name, record) => {
    expect(formatRecord(record)).toBe(JSON.stringify(record));
  });

  it('writes numbers as JSON.stringify does, tenths and others', () => {
    const values = [0, -0, 1, 0.1, 0.5, 1.3, 12.7, 99.9, 100.1, 2.25, 1 / 3, -4.2, -0.1, 1e21, 1e-7, 123456789.1, 2 ** 53, 0.30000000000000004];
    for (let t = -2_000; t <= 20_000; t++) values.push(t / 10, Math.round((t / 7) * 10) / 10);
    for (const ms of values) expect(formatRecord({ ...base, ms })).toBe(JSON.stringify({ ...base, ms }));
  });

  it('gives a record back when parsed, whatever the order its fields were set in', () => {
    const record: LogRecord = { event: 'internal_error', status: 500, level: 'error', time: base.time, path: '/x' };
    expect(JSON.parse(formatRecord(record))).toEqual(record);
  });
});

describe('isoNow', () => {
  it('reads as toISOString does, at the current time', () => {
    for (let i = 0; i < 50; i++) {
      const before = Date.now();
      const text = isoNow();
      const after = Date.now();
      expect(text).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      const t = Date.parse(text);
      expect(t).toBeGreaterThanOrEqual(before);
      expect(t).toBeLessThanOrEqual(after);
    }
  });
});

describe('loggablePath', () => {
  it.each([
    ['/api/v1/transaction/verify', '/api/v1/transaction/verify'],
    ['/api/v1/4111111111111111', '/api/v1/[digits]'],
    ['/api/v1/1234567', '/api/v1/1234567'],
  ])('%s → %s', (path, logged) => {
    expect(loggablePath(path)).toBe(logged);
  });

  it('caps long paths', () => {
    expect(loggablePath(`/${'a'.repeat(500)}`).length).toBeLessThanOrEqual(201);
  });
});

describe('stdoutLogger', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  /** What the logger writes to stdout, as text, on fake timers. */
  function captured(): string[] {
    vi.useFakeTimers();
    const writes: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      writes.push(String(chunk));
      return true;
    });
    return writes;
  }

  it('writes the lines of a short while together, each record one JSON line', () => {
    const writes = captured();
    const first: LogRecord = { ...base, path: '/a', status: 200 };
    const second: LogRecord = { ...base, level: 'warn', path: '/b', status: 404 };
    stdoutLogger(first);
    stdoutLogger(second);
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(20);
    expect(writes).toEqual([`${JSON.stringify(first)}\n${JSON.stringify(second)}\n`]);
    vi.advanceTimersByTime(100);
    expect(writes).toHaveLength(1);
  });

  it('writes at once before the next line could pass 32 KB, whole lines only', () => {
    const writes = captured();
    const record: LogRecord = { ...base, path: `/${'p'.repeat(180)}` };
    const line = `${formatRecord(record)}\n`;
    let lines = 0;
    while (writes.length === 0) {
      stdoutLogger(record);
      lines++;
    }
    // Written before the line that might not have fit: at most 32 KB, and less than three lines' worth short of it.
    expect(writes[0]?.length).toBeLessThanOrEqual(32 * 1024);
    expect(writes[0]?.length).toBeGreaterThan(32 * 1024 - 3 * line.length);
    expect(writes[0]).toBe(line.repeat(lines - 1));
    vi.advanceTimersByTime(20);
    expect(writes[1]).toBe(line);
  });

  it('writes a line longer than the batch on its own, after what was pending, and UTF-8 as it is', () => {
    const writes = captured();
    const short: LogRecord = { ...base, path: '/ọjà/₦', status: 200 };
    const long: LogRecord = { ...base, path: 'x'.repeat(12_000) };
    stdoutLogger(short);
    stdoutLogger(long);
    expect(writes).toEqual([`${formatRecord(short)}\n`, `${formatRecord(long)}\n`]);
    vi.advanceTimersByTime(20);
    expect(writes).toHaveLength(2);
  });
});
