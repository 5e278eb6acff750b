import type { ChildMessage } from '../src/protocol/messages';

// A hand-written twin of ChildMessageSchema: valibot would cost the loader more than its whole byte budget.
// messages.test.ts proves on a table that it accepts exactly what parseChildMessage accepts.
// `===` throughout: `==` would let ['ready'] pass for 'ready'.

const STATUSES = 'successful,failed,pending,void,abandoned,reversed,cancelled'.split(',');

const str = (x: unknown, max: number): unknown => typeof x == 'string' && x.length <= max;

/** Reads a message of the hosted page; anything else (other versions, other shapes) is undefined. */
export function readChildMessage(m: any): ChildMessage | undefined {
  if (typeof m != 'object' || m?.v !== 1) return;
  const { type: t, status: s, height: h } = m;
  const ok =
    t === 'resize'
      ? typeof h == 'number' && h >= 0 && h <= 1e5
      : t === 'error'
        ? str(m.code, 64) && str(m.message, 500)
        : t === 'navigate'
          ? str(m.url, 4096)
          : str(m.reference, 128) &&
            (t === 'ready' ||
              (t === 'progress' ? typeof m.inProgress == 'boolean' && (m.channel === undefined || str(m.channel, 32)) : t === 'success' ? s === 'successful' : t === 'pending' ? s === t : (t === 'close' && s === undefined) || ((t === 'failure' || t === 'close') && STATUSES.includes(s))));
  return ok ? m : undefined;
}
