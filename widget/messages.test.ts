import { describe, expect, test } from 'vitest';
import { parseChildMessage } from '../src/protocol/messages';
import { readChildMessage } from './messages';

const ref = 'TND-123';
const long = (n: number) => 'x'.repeat(n);

// Every row: a candidate message. The hand-written reader must agree with the valibot schema on each.
const CASES: unknown[] = [
  null,
  undefined,
  0,
  'ready',
  [],
  [1],
  {},
  { v: 1 },
  { type: 'ready' },
  { v: 1, type: 'ready', reference: ref },
  { v: 2, type: 'ready', reference: ref },
  { v: '1', type: 'ready', reference: ref },
  { v: 1, type: 'ready' },
  { v: 1, type: 'ready', reference: 5 },
  { v: 1, type: 'ready', reference: long(128) },
  { v: 1, type: 'ready', reference: long(129) },
  { v: 1, type: 'ready', reference: ref, extra: 'ignored' },
  { v: 1, type: 'ready', reference: ref, title: 'Ibi ìsanwó' },
  { v: 1, type: 'ready', reference: ref, title: '' },
  { v: 1, type: 'ready', reference: ref, title: long(200) },
  { v: 1, type: 'ready', reference: ref, title: long(201) },
  { v: 1, type: 'ready', reference: ref, title: 5 },
  { v: 1, type: 'ready', reference: ref, title: null },
  { v: 1, type: 'ready', reference: ref, title: ['Checkout'] },
  { v: 1, type: 'locale', reference: ref, locale: 'yo', title: 'Ibi ìsanwó' },
  { v: 1, type: 'locale', reference: ref, locale: 'yo', title: {} },
  { v: 1, type: 'resize', height: 10, title: 'Checkout' },
  { v: 1, type: 'resize', height: 10, title: long(201) },
  { v: 1, type: 'READY', reference: ref },
  { v: 1, type: 'unknown', reference: ref },
  { v: 1, type: { toString: () => 'ready' }, reference: ref },
  { v: 1, type: 'resize', height: 0 },
  { v: 1, type: 'resize', height: 640.5 },
  { v: 1, type: 'resize', height: 100000 },
  { v: 1, type: 'resize', height: 100001 },
  { v: 1, type: 'resize', height: -1 },
  { v: 1, type: 'resize', height: NaN },
  { v: 1, type: 'resize', height: Infinity },
  { v: 1, type: 'resize', height: '640' },
  { v: 1, type: 'resize' },
  { v: 1, type: 'success', reference: ref, status: 'successful' },
  { v: 1, type: 'success', reference: ref, status: 'pending' },
  { v: 1, type: 'success', reference: ref },
  { v: 1, type: 'success', status: 'successful' },
  { v: 1, type: 'success', reference: ref, status: 'SUCCESSFUL' },
  { v: 1, type: 'pending', reference: ref, status: 'pending' },
  { v: 1, type: 'pending', reference: ref, status: 'successful' },
  ...['successful', 'failed', 'pending', 'void', 'abandoned', 'reversed', 'cancelled', 'canceled', 'unknown', undefined, 3].map((status) => ({
    v: 1,
    type: 'failure',
    reference: ref,
    status,
  })),
  ...['successful', 'failed', 'pending', 'void', 'abandoned', 'reversed', 'cancelled', 'bogus', undefined, null].map((status) => ({
    v: 1,
    type: 'close',
    reference: ref,
    status,
  })),
  { v: 1, type: 'close', reference: ref },
  { v: 1, type: 'close' },
  { v: 1, type: 'error', code: 'bad_reference', message: 'No such transaction' },
  { v: 1, type: 'error', code: long(64), message: long(500) },
  { v: 1, type: 'error', code: long(65), message: 'm' },
  { v: 1, type: 'error', code: 'c', message: long(501) },
  { v: 1, type: 'error', code: 'c' },
  { v: 1, type: 'error', message: 'm' },
  { v: 1, type: 'navigate', url: 'https://wallet.example/pay' },
  { v: 1, type: 'navigate', url: long(4096) },
  { v: 1, type: 'navigate', url: long(4097) },
  { v: 1, type: 'navigate', url: 1 },
  { v: 1, type: 'navigate' },
  { v: 1, type: 'progress', reference: ref, inProgress: true },
  { v: 1, type: 'progress', reference: ref, inProgress: false, channel: 'card' },
  { v: 1, type: 'progress', reference: ref, inProgress: 'yes' },
  { v: 1, type: 'progress', reference: ref },
  { v: 1, type: 'progress', reference: ref, inProgress: true, channel: long(33) },
  { v: 1, type: 'locale', reference: ref, locale: 'yo' },
  { v: 1, type: 'locale', reference: ref, locale: long(8) },
  { v: 1, type: 'locale', reference: ref, locale: long(9) },
  { v: 1, type: 'locale', reference: ref, locale: 5 },
  { v: 1, type: 'locale', reference: ref },
  { v: 1, type: 'locale', locale: 'yo' },
  { v: 1, type: 'locale', reference: 'other', locale: 'yo' },
  { v: 1, type: 'progress', reference: ref, inProgress: true, channel: 7 },
  { v: 1, type: 'progress', inProgress: true },
  { v: 1, type: 'shown' },
  // Values that loose comparisons or coercion would let through.
  { v: 1, type: ['ready'], reference: ref },
  { v: 1, type: 'ready', reference: [ref] },
  { v: 1, type: 'success', reference: ref, status: ['successful'] },
  { v: 1, type: 'failure', reference: ref, status: ['failed'] },
  { v: 1, type: 'resize', height: [5] },
  { v: 1, type: 'resize', height: null },
  { v: 1, type: 'resize', height: true },
  { v: 1, type: 'resize', height: '' },
  { v: [1], type: 'ready', reference: ref },
  { v: true, type: 'ready', reference: ref },
];

// What the loader must take from the checkout of `reference`: what the schema accepts, about that reference where
// the type has one (the schema's output keeps only the type's own keys).
const expected = (c: unknown, reference: string): boolean => {
  const m = parseChildMessage(c);
  return m !== undefined && (!('reference' in m) || m.reference === reference);
};

describe('readChildMessage accepts exactly what parseChildMessage accepts, about this checkout', () => {
  // The checkout's reference: the usual one, and one of the longest allowed (the schema's limit is 128).
  for (const reference of [ref, long(128)]) {
    test.each(CASES.map((c, i) => [i, c] as const))(`${reference.length}-character reference, case %i`, (_i, c) => {
      expect(!!readChildMessage(c, reference)).toBe(expected(c, reference));
    });
  }
  test('refuses a message about another checkout, and takes resize, error and navigate whatever else they carry', () => {
    expect(readChildMessage({ v: 1, type: 'success', reference: 'TND-OTHER', status: 'successful' }, ref)).toBeFalsy();
    expect(readChildMessage({ v: 1, type: 'ready', reference: ref }, ref)).toEqual({ v: 1, type: 'ready', reference: ref });
    expect(readChildMessage({ v: 1, type: 'resize', height: 1, reference: 'TND-OTHER' }, ref)).toBeTruthy();
  });
  test('the table holds both accepted and refused messages', () => {
    const accepted = CASES.filter((c) => parseChildMessage(c)).length;
    expect(accepted).toBeGreaterThan(20);
    expect(CASES.length - accepted).toBeGreaterThan(30);
  });
});
