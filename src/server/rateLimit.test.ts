import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rateLimit';

describe('createRateLimiter', () => {
  it('allows a minute of requests at once, then asks to wait until a token refills', () => {
    let t = 0;
    const limiter = createRateLimiter({ perMinute: 3, now: () => t });
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 0]);
    expect(limiter.take('a')).toBe(20);
    expect(limiter.take('b')).toBe(0);
    t += 20_000;
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(20);
  });

  it('forgets the least recently seen clients beyond maxClients', () => {
    const limiter = createRateLimiter({ perMinute: 1, now: () => 0, maxClients: 100 });
    for (let i = 0; i < 1000; i++) limiter.take(`client-${i}`);
    expect(limiter.size).toBe(100);
    expect(limiter.take('client-999')).toBeGreaterThan(0);
  });

  it('keeps a client used again, even several times in a row, ahead of one seen before it', () => {
    const limiter = createRateLimiter({ perMinute: 1, now: () => 0, maxClients: 2 });
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('b')).toBe(0);
    expect(limiter.take('a')).toBeGreaterThan(0);
    expect(limiter.take('a')).toBeGreaterThan(0);
    // 'b' is now the least recently seen: a new client pushes it out, not 'a'.
    expect(limiter.take('c')).toBe(0);
    expect(limiter.take('a')).toBeGreaterThan(0);
    expect(limiter.take('b')).toBe(0);
    expect(limiter.size).toBe(2);
  });

  // Soak trial: a client's address stayed for the life of a quiet server (the README says under a minute).
  it('forgets a client a minute after its last request, when swept, and nothing of its budget with it', () => {
    let t = 0;
    const limiter = createRateLimiter({ perMinute: 2, now: () => t });
    limiter.take('10.1.2.3');
    limiter.take('10.1.2.3');
    t = 30_000;
    limiter.take('10.9.9.9');
    limiter.sweep();
    expect(limiter.size).toBe(2);
    t = 60_000;
    limiter.sweep();
    expect(limiter.size).toBe(1);
    // Its bucket would have been full again: it starts full.
    expect([limiter.take('10.1.2.3'), limiter.take('10.1.2.3'), limiter.take('10.1.2.3')]).toEqual([0, 0, 30]);
    t = 200_000;
    limiter.sweep();
    expect(limiter.size).toBe(0);
  });
});
