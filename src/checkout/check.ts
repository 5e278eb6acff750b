import * as v from 'valibot';
import type { Checker } from './proxy';

/** Wraps a contract schema as a proxy check. Imported only by lazily loaded modules, so valibot loads late. */
export function checker<S extends v.GenericSchema>(schema: S): Checker<v.InferOutput<S>> {
  return (body) => {
    const r = v.safeParse(schema, body);
    return r.success ? { ok: true, value: r.output } : { ok: false };
  };
}
