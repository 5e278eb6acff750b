import { randomBytes } from 'node:crypto';

/** Makes the references, account numbers and codes the sandbox hands out. */
export interface IdSource {
  /** Random uppercase letters and digits. */
  token(length: number): string;
  /** Random decimal digits. */
  digits(length: number): string;
}

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** Crypto-random ids, or a repeatable sequence when a seed is given (tests). */
export function createIdSource(seed?: number): IdSource {
  const next = seed === undefined ? cryptoRandom : mulberry32(seed);
  const pick = (chars: string, length: number) => Array.from({ length }, () => chars[Math.floor(next() * chars.length)]).join('');
  return {
    token: (length) => pick(ALPHABET, length),
    digits: (length) => pick('0123456789', length),
  };
}

function cryptoRandom(): number {
  return randomBytes(4).readUInt32BE(0) / 2 ** 32;
}

// A tiny, well-known PRNG: enough for repeatable test ids, never for secrets.
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
