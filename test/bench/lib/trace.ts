// Main-thread scripting time from a Chrome trace, up to the moment the card input became visible.
// CDP Performance.getMetrics (ScriptDuration) misses ES-module evaluation, which is how a Vite build runs,
// so this reads the trace instead: the union of the intervals of script events on renderer main threads.

/** Trace events that are JavaScript on the main thread: compile, evaluate (classic and module), calls. */
const SCRIPT_EVENTS = new Set([
  'EvaluateScript',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'v8.run',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'RunMicrotasks',
  'v8.callFunction',
  'V8.CompileLazy',
  'v8.produceCache',
  'v8.produceModuleCache',
]);

/**
 * Style, layout and paint that a script forces synchronously (getBoundingClientRect, offsetHeight, …) run inside
 * the script's trace event. They are rendering, not scripting (DevTools counts them so too), and the detector's
 * own visibility check would otherwise move the page's first layout into "scripting": they are subtracted.
 */
const RENDER_EVENTS = new Set([
  'Layout',
  'UpdateLayoutTree',
  'RecalculateStyles',
  'PrePaint',
  'Paint',
  'UpdateLayerTree',
  'Layerize',
  'ParseAuthorStyleSheet',
  'HitTest',
  'IntersectionObserverController::computeIntersections',
]);

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: any;
  cat?: string;
}

export interface ScriptingResult {
  /** Scripting ms on renderer main threads from the first event of the run to the visible mark. */
  ms: number;
  /** Style, layout and paint on the main threads over the same span (not part of ms). */
  renderMs: number;
  /** Same, per event name (nested events are not subtracted here, so these overlap). */
  top: [string, number][];
  /** The longest single script events (name, url when known, ms). */
  longest: { name: string; url: string; ms: number }[];
}

export function scriptingTime(buf: Buffer): ScriptingResult | undefined {
  const json = JSON.parse(buf.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(json) ? json : (json.traceEvents ?? []);
  const mains = new Set<string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain') mains.add(`${e.pid}:${e.tid}`);
  // The detector marks 'bench-input' (and 'bench-gate' for embeds) in the page when it sees the input.
  const marks = events.filter((e) => e.name === 'bench-input' || e.name === 'bench-gate');
  if (!marks.some((m) => m.name === 'bench-input')) return undefined;
  const end = Math.max(...marks.map((m) => m.ts));

  const spans: [number, number, TraceEvent][] = [];
  const render = new Map<string, [number, number][]>();
  const open = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (!mains.has(`${e.pid}:${e.tid}`)) continue;
    if (RENDER_EVENTS.has(e.name) && e.ph === 'X' && e.dur !== undefined && e.ts < end) {
      const k = `${e.pid}:${e.tid}`;
      render.set(k, [...(render.get(k) ?? []), [e.ts, Math.min(e.ts + e.dur, end)]]);
      continue;
    }
    if (!SCRIPT_EVENTS.has(e.name)) continue;
    if (e.ph === 'X' && e.dur !== undefined) spans.push([e.ts, e.ts + e.dur, e]);
    else if (e.ph === 'B') {
      const k = `${e.pid}:${e.tid}:${e.name}`;
      open.set(k, [...(open.get(k) ?? []), e]);
    } else if (e.ph === 'E') {
      const k = `${e.pid}:${e.tid}:${e.name}`;
      const b = open.get(k)?.pop();
      if (b) spans.push([b.ts, e.ts, b]);
    }
  }
  const perThread = new Map<string, [number, number][]>();
  const byName = new Map<string, number>();
  const longest: { name: string; url: string; ms: number }[] = [];
  for (const [s, e0, ev] of spans) {
    if (s >= end) continue;
    const e = Math.min(e0, end);
    const k = `${ev.pid}:${ev.tid}`;
    perThread.set(k, [...(perThread.get(k) ?? []), [s, e]]);
    byName.set(ev.name, (byName.get(ev.name) ?? 0) + (e - s) / 1000);
    const url = ev.args?.data?.url ?? ev.args?.data?.functionName ?? ev.args?.fileName ?? '';
    longest.push({
      name: ev.name,
      url: String(url)
        .replace(/^https?:\/\/[^/]+/, '')
        .slice(0, 60),
      ms: (e - s) / 1000,
    });
  }
  let total = 0;
  let renderMs = 0;
  for (const [k, list] of perThread) total += length(union(list)) - overlap(union(list), union(render.get(k) ?? []));
  for (const list of render.values()) renderMs += length(union(list));
  longest.sort((a, b) => b.ms - a.ms);
  return {
    ms: total / 1000,
    renderMs: renderMs / 1000,
    top: [...byName.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([n, v]) => [n, Math.round(v * 10) / 10]),
    longest: longest.slice(0, 5).map((l) => ({ ...l, ms: Math.round(l.ms * 10) / 10 })),
  };
}

function union(list: [number, number][]): [number, number][] {
  const sorted = [...list].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

const length = (list: [number, number][]) => list.reduce((n, [s, e]) => n + (e - s), 0);

/** Total length of the intersection of two sorted, disjoint interval lists. */
function overlap(a: [number, number][], b: [number, number][]): number {
  let i = 0,
    j = 0,
    n = 0;
  while (i < a.length && j < b.length) {
    const s = Math.max(a[i]![0], b[j]![0]);
    const e = Math.min(a[i]![1], b[j]![1]);
    if (e > s) n += e - s;
    if (a[i]![1] < b[j]![1]) i++;
    else j++;
  }
  return n;
}
