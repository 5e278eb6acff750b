// One browser run = a fresh context (empty cache, no cookies), one page, optional CPU and network throttling
// over CDP, navigation, and the detector's report of the first visible card input.
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { detectorScript, type DetectConfig, type DetectReport } from './detect';
import { probeUsable, trackRequests, type UsableResult } from './usable';

/** Chrome DevTools' "Slow 4G" preset: 562.5 ms round trip, 1.44 Mbit/s down, 675 kbit/s up. */
export const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: 1.44e6 / 8, uploadThroughput: 675e3 / 8 };

export interface RunOptions {
  url: string;
  detect: DetectConfig;
  cpu: number;
  slow4g?: boolean;
  timeoutMs: number;
  /** Called with the page once throttled and before navigation (the open() runs drive the page themselves). */
  drive?: (page: Page, waitFor: (pred: (r: DetectReport[]) => boolean, ms: number) => Promise<DetectReport[]>) => Promise<number>;
  /** Collect bodies of JS and CSS responses (weight runs only: reading bodies costs time). */
  collectBodies?: boolean;
  /** Record CDP Network events for the request chain. */
  chain?: boolean;
  /** Record a Chrome trace of the run. */
  trace?: { browser: Browser };
  /** After the input is visible, type into it until a keystroke is kept (usable.ts). */
  usable?: boolean;
}

export interface Resource {
  url: string;
  frameUrl: string;
  type: string;
  body: Buffer;
  startTime: number;
}
export interface ChainInfo {
  depth: number;
  path: string[];
}
export interface RunResult {
  ms?: number;
  error?: string;
  reports: DetectReport[];
  resources: Resource[];
  blocked: string[];
  chain?: ChainInfo;
  trace?: Buffer;
  visibleAt?: number;
  /** Navigation start → the first kept keystroke, ms. */
  usableMs?: number;
  usable?: UsableResult;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

// Only what the scripting sum needs: the verbose v8 and disabled-by-default categories make tracing itself slow.
const TRACE_CATEGORIES = ['devtools.timeline', 'v8.execute', 'blink.user_timing', '__metadata'];

/** The time a scenario is done: input seen, and (for embeds) its iframe seen in the top page. */
function doneAt(reports: DetectReport[], cfg: DetectConfig): number | undefined {
  const input = reports.find((r) => r.kind === 'input');
  if (!input) return undefined;
  if (!cfg.gate) return input.t;
  const gate = reports.find((r) => r.kind === 'gate');
  return gate ? Math.max(input.t, gate.t) : undefined;
}

export async function runOnce(browser: Browser, o: RunOptions): Promise<RunResult> {
  const ctx: BrowserContext = await browser.newContext({ viewport: { width: 412, height: 860 }, serviceWorkers: 'block' });
  const reports: DetectReport[] = [];
  const resources: Resource[] = [];
  const blocked: string[] = [];
  let wake = () => {};
  try {
    ctx.on('console', (m) => {
      const text = m.text();
      if (text.startsWith('__bench ')) {
        reports.push(JSON.parse(text.slice(8)) as DetectReport);
        wake();
      }
    });
    await ctx.addInitScript(detectorScript(o.detect));
    // No traffic leaves the machine: every request to a host other than loopback is aborted here (and the
    // browser also resolves no other host name: see the --host-resolver-rules flag in run.ts).
    await ctx.route(
      (u) => !(u.protocol === 'data:' || u.protocol === 'blob:' || LOOPBACK.has(u.hostname)),
      (route) => {
        blocked.push(route.request().url());
        return route.abort('blockedbyclient');
      },
    );
    if (o.collectBodies) {
      ctx.on('response', async (resp) => {
        const req = resp.request();
        const type = req.resourceType();
        // Documents too: a page may inline its critical script and style, which are JS and CSS all the same.
        if (type !== 'script' && type !== 'stylesheet' && type !== 'document') return;
        try {
          const body = await resp.body();
          resources.push({ url: req.url(), frameUrl: req.frame().url(), type, body, startTime: req.timing().startTime });
        } catch {
          /* a response of a frame that went away has no body to count */
        }
      });
    }
    const requests = o.usable ? trackRequests(ctx) : undefined;
    const page = await ctx.newPage();
    const cdp: CDPSession = await ctx.newCDPSession(page);
    const net = o.chain ? recordNetwork(cdp) : undefined;
    await cdp.send('Network.enable');
    if (o.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: o.cpu });
    if (o.slow4g) await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    if (o.trace) await o.trace.browser.startTracing(page, { categories: TRACE_CATEGORIES });

    const waitFor = (pred: (r: DetectReport[]) => boolean, ms: number) =>
      new Promise<DetectReport[]>((resolve, reject) => {
        const timer = setTimeout(() => {
          wake = () => {};
          reject(new Error(`no visible card input within ${ms} ms (${JSON.stringify(reports.map((r) => r.kind))})`));
        }, ms);
        wake = () => {
          if (pred(reports)) {
            clearTimeout(timer);
            wake = () => {};
            resolve(reports);
          }
        };
        wake();
      });

    const result: RunResult = { reports, resources, blocked };
    try {
      if (o.drive) {
        result.ms = await o.drive(page, waitFor);
      } else {
        const seen = waitFor((r) => doneAt(r, o.detect) !== undefined, o.timeoutMs);
        seen.catch(() => {});
        await page.goto(o.url, { waitUntil: 'commit', timeout: o.timeoutMs });
        await seen;
        // Typing starts at once: every round trip before it would count against the page.
        if (requests) result.usable = await probeUsable(page, cdp, reports, o.detect, requests, o.timeoutMs);
        const origin = await page.evaluate(() => performance.timeOrigin);
        result.visibleAt = doneAt(reports, o.detect)!;
        result.ms = result.visibleAt - origin;
        if (result.usable?.at !== undefined) result.usableMs = result.usable.at - origin;
      }
    } catch (e) {
      result.error = (e as Error).message.split('\n')[0];
    }
    if (o.trace) result.trace = await o.trace.browser.stopTracing();
    if (o.collectBodies) await new Promise((r) => setTimeout(r, 300)); // let in-flight body reads land
    if (net && result.visibleAt) result.chain = net.chainAt(result.visibleAt);
    return result;
  } finally {
    await ctx.close().catch(() => {});
  }
}

const noHash = (u: string) => u.replace(/#.*$/, '');

interface NetRequest {
  id: string;
  url: string;
  type?: string;
  initiatorUrl?: string;
  isTopDoc: boolean;
  wallOffset: number;
  finishedAt?: number;
  depth?: number;
  parent?: NetRequest;
}

/**
 * Records who asked for each request (CDP initiators), so the chain of requests that had to happen one after
 * another before the card input showed can be counted: depth(request) = 1 + depth(the request that fetched
 * the document or script that asked for it); the storefront's page is depth 1.
 */
function recordNetwork(cdp: CDPSession) {
  const byId = new Map<string, NetRequest>();
  const byUrl = new Map<string, NetRequest>();
  let topFrame: string | undefined;
  cdp.on('Network.requestWillBeSent', (e: any) => {
    const stackUrl = (s: any): string | undefined => {
      for (let st = s; st; st = st.parent) for (const f of st.callFrames ?? []) if (f.url) return f.url;
      return undefined;
    };
    const isDoc = e.type === 'Document';
    if (isDoc && !topFrame) topFrame = e.frameId;
    const r: NetRequest = {
      id: e.requestId,
      url: e.request.url,
      type: e.type,
      initiatorUrl:
        e.initiator?.url ||
        stackUrl(e.initiator?.stack) ||
        (isDoc && e.frameId !== topFrame ? undefined : e.documentURL !== e.request.url ? e.documentURL : undefined),
      isTopDoc: isDoc && e.frameId === topFrame,
      wallOffset: e.wallTime * 1000 - e.timestamp * 1000,
    };
    byId.set(e.requestId, r);
    byUrl.set(noHash(r.url), r);
  });
  cdp.on('Network.loadingFinished', (e: any) => {
    const r = byId.get(e.requestId);
    if (r) r.finishedAt = e.timestamp * 1000 + r.wallOffset;
  });
  const depthOf = (r: NetRequest, seen = new Set<NetRequest>()): number => {
    if (r.depth !== undefined) return r.depth;
    if (r.isTopDoc || seen.has(r)) return (r.depth = 1);
    seen.add(r);
    const p = r.initiatorUrl ? byUrl.get(noHash(r.initiatorUrl)) : undefined;
    r.parent = p && p !== r ? p : undefined;
    return (r.depth = r.parent ? depthOf(r.parent, seen) + 1 : 1);
  };
  return {
    chainAt(visibleAt: number): ChainInfo {
      let best: NetRequest | undefined;
      for (const r of byId.values()) {
        // Blocked requests to remote hosts never count; nor does anything that finished after the input showed.
        if (r.finishedAt === undefined || r.finishedAt > visibleAt || !LOOPBACK.has(new URL(r.url).hostname)) continue;
        if (!best || depthOf(r) > depthOf(best)) best = r;
      }
      const path: string[] = [];
      for (let r = best; r; r = r.parent) path.unshift(r.url.replace(/^https?:\/\//, '').slice(0, 90));
      return { depth: best ? depthOf(best) : 0, path };
    },
  };
}
