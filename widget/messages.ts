import { TRANSACTION_STATUSES as STATUSES } from '../src/api/status';
import type { ChildMessage } from '../src/protocol/messages';

// A hand-written twin of ChildMessageSchema: valibot would cost the loader more than its whole byte budget.
// messages.test.ts proves on a table that it accepts exactly what parseChildMessage accepts (about the reference).
// `===` throughout: `==` would let ['ready'] pass for 'ready'.

/** A string (the loader's options and its page's messages are checked with the same two tests). */
export const isString = (x: unknown): x is string => typeof x == 'string';
/** A string of at most `max` characters. */
const str = (x: unknown, max: number): unknown => isString(x) && x.length <= max;

/**
 * Reads a message of the hosted page about the checkout of `reference` (a string of 1-128 characters, as options
 * require): what ChildMessageSchema accepts, and whose `reference`, where its type has one, is that one. Anything
 * else (other versions, other shapes, another checkout) is falsy.
 */
export function readChildMessage(m: any, reference: string): ChildMessage | false | undefined {
  // `|| 0`: nothing to read from null or undefined. Only objects have `v`: structured clone, which carries every
  // message, brings no functions.
  const { type: t, status: s, height: h } = m || 0;
  return (
    m?.v === 1 &&
    (m.title === undefined || str(m.title, 200)) &&
    (t === 'resize'
      ? // A number (`+h` of anything else is not itself), not NaN, in range.
        h === +h && h >= 0 && h <= 1e5
      : t === 'error'
        ? str(m.code, 64) && str(m.message, 500)
        : t === 'navigate'
          ? str(m.url, 4096)
          : m.reference === reference &&
            (t === 'ready' ||
              (t === 'progress'
                ? typeof m.inProgress == 'boolean' && (m.channel === undefined || str(m.channel, 32))
                : t === 'locale'
                  ? str(m.locale, 8)
                  : t === 'success'
                    ? s === 'successful'
                    : t === 'pending'
                      ? s === t
                      : (t === 'close' && s === undefined) || ((t === 'failure' || t === 'close') && (STATUSES as readonly unknown[]).includes(s))))) &&
    m
  );
}
