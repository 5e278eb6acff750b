import type { ChildMessage } from '../src/protocol/messages';

// A hand-written twin of ChildMessageSchema: valibot would cost the loader more than its whole byte budget.
// messages.test.ts proves on a table that it accepts exactly what parseChildMessage accepts.

const STATUSES = ['successful', 'failed', 'pending', 'void', 'abandoned', 'reversed', 'cancelled'];

const str = (x: unknown, max: number): boolean => typeof x === 'string' && x.length <= max;

/** Reads a message of the hosted page; anything else (other versions, other shapes) is undefined. */
export function readChildMessage(data: unknown): ChildMessage | undefined {
  if (!data || typeof data != 'object') return;
  const m = data as Record<string, unknown>;
  const { type: t, status: s, height: h } = m;
  const ref = str(m.reference, 128);
  const ok =
    m.v === 1 &&
    (t === 'ready'
      ? ref
      : t === 'resize'
        ? typeof h == 'number' && h >= 0 && h <= 1e5
        : t === 'success' || t === 'pending'
          ? ref && s === (t === 'success' ? 'successful' : t)
          : t === 'failure' || t === 'close'
            ? ref && ((t === 'close' && s === undefined) || STATUSES.indexOf(s as string) >= 0)
            : t === 'error'
              ? str(m.code, 64) && str(m.message, 500)
              : t === 'navigate'
                ? str(m.url, 4096)
                : t === 'progress' && ref && typeof m.inProgress == 'boolean' && (m.channel === undefined || str(m.channel, 32)));
  return ok ? (m as ChildMessage) : undefined;
}
