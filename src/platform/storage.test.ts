import { describe, expect, it } from 'vitest';
import { createJsonStore } from './storage';

describe('createJsonStore', () => {
  it('falls back to memory when storage throws', () => {
    const s = createJsonStore(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    s.set('k', { a: 1 });
    expect(s.get('k')).toEqual({ a: 1 });
    s.remove('k');
    expect(s.get('k')).toBeUndefined();
  });
  it('returns undefined for a corrupt value', () => {
    const mem = new Map<string, string>([['k', '{not json']]);
    const s = createJsonStore(() => ({ getItem: (k: string) => mem.get(k) ?? null, setItem: () => {}, removeItem: () => {} }) as unknown as Storage);
    expect(s.get('k')).toBeUndefined();
  });
});
