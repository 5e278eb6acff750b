import { describe, expect, it } from 'vitest';
import { SECURITY_HEADERS, errorAnswer, jsonAnswer, rawJsonAnswer, toResponse } from './respond';

describe('JSON answers', () => {
  it('carry every security header, the JSON type, no-store and an exact length, then the extra headers', () => {
    const text = JSON.stringify({ status: true, message: 'é ok' });
    const answer = rawJsonAnswer(201, text, { vary: 'Origin', 'retry-after': '3' });
    expect(answer.status).toBe(201);
    expect(answer.headers).toEqual({
      ...SECURITY_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'content-length': String(Buffer.byteLength(text)),
      vary: 'Origin',
      'retry-after': '3',
    });
    expect(answer.body).toBe(text);
  });

  it('let an extra header replace a default one, as a spread would', () => {
    expect(jsonAnswer(200, {}, { 'cache-control': 'private' }).headers['cache-control']).toBe('private');
  });

  it('make a plain Response with the same status, headers and body', async () => {
    const answer = errorAnswer(429, 'rate_limited', 'Slow down.', { 'retry-after': '2' });
    const response = toResponse(answer);
    expect(response.status).toBe(429);
    expect(Object.fromEntries(response.headers)).toEqual(answer.headers);
    expect(await response.json()).toEqual({ status: false, code: 'rate_limited', message: 'Slow down.' });
  });
});
