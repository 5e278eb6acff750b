// Imported only by modules that load beside a request, so valibot never weighs on the first paint.
import * as v from 'valibot';
import type { Checker } from './call';

/** Wraps a contract schema as a call's check. */
export function checker<S extends v.GenericSchema>(schema: S): Checker<v.InferOutput<S>> {
  return (body) => {
    const r = v.safeParse(schema, body);
    return r.success ? { ok: true, value: r.output } : { ok: false };
  };
}
