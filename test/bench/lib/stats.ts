export interface Stat {
  median: number;
  min: number;
  max: number;
  n: number;
  failed: number;
}

export function stat(values: (number | undefined)[]): Stat | undefined {
  const v = values.filter((x): x is number => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return undefined;
  const mid = Math.floor(v.length / 2);
  const median = v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
  return { median, min: v[0]!, max: v[v.length - 1]!, n: v.length, failed: values.length - v.length };
}

export const fmtMs = (s: Stat | undefined) =>
  s ? `${Math.round(s.median)} (${Math.round(s.min)}–${Math.round(s.max)})${s.failed ? ` ${s.failed} failed` : ''}` : 'n/a';
export const fmtKB = (b: number | undefined) => (b === undefined ? 'n/a' : `${(b / 1024).toFixed(1)}`);
export const ratio = (a: number | undefined, b: number | undefined) => (a !== undefined && b !== undefined && b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a');

/** The median of the finite values (undefined when there are none). */
export const median = (values: (number | undefined)[] | undefined): number | undefined => (values ? stat(values)?.median : undefined);

/** The lower and upper quartiles (the middle half lies between them), by linear interpolation between ranks. */
export function quartiles(values: readonly number[]): [number, number] | undefined {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return undefined;
  const at = (q: number) => {
    const i = q * (v.length - 1);
    const lo = Math.floor(i);
    return v[lo]! + (v[Math.min(lo + 1, v.length - 1)]! - v[lo]!) * (i - lo);
  };
  return [at(0.25), at(0.75)];
}
