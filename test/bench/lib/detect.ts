// The in-page detector, installed with addInitScript into every frame before any of the page's own script
// runs. It polls once per animation frame (the same thing as a waitForFunction with polling: 'raf', but it
// cannot miss the first frame, needs no round trip to Node while it polls, and stamps the time in the page).
// Times are `performance.timeOrigin + performance.now()` of the frame that saw the input: the Unix-epoch
// form of the page's high-resolution clock, comparable with the top page's `performance.timeOrigin`.

export interface DetectConfig {
  /** The card input (or, for a remote form, the element that stands in for it). */
  selector: string;
  /** false: report as soon as the element exists (Paystack: its iframe), via a MutationObserver. */
  needVisible: boolean;
  /** For embeds: the iframe element in the top page, which must itself be visible (not hidden by its loader). */
  gate?: string;
  /** Count the element once laid out even while an ancestor has opacity 0 (Adyen keeps its form transparent
   * until its remote card-field iframes load, which never happens here). */
  ignoreOpacity?: boolean;
}

/** What the detector reports as a console.debug message (`__bench {json}`). */
export interface DetectReport {
  kind: 'present' | 'input' | 'gate';
  t: number;
  href: string;
  /** input: where a payer would tap it, in its frame's viewport; gate: where the iframe's content starts in the top page. */
  at?: { x: number; y: number };
}

/** In-page: the point to tap in an input (its middle, or 20 px down a tall one), in its frame's viewport. */
export const tapPoint = (r: { left: number; top: number; width: number; height: number }) => ({
  x: r.left + r.width / 2,
  y: r.top + Math.min(r.height / 2, 20),
});

export function detectorScript(cfg: DetectConfig): string {
  return `(() => {
  const cfg = ${JSON.stringify(cfg)};
  const tapPoint = ${tapPoint.toString()};
  const report = (kind, at) => {
    const t = performance.timeOrigin + performance.now();
    try { performance.mark('bench-' + kind); } catch {}
    // A console message is the cheapest way out of any frame: no binding wrapper runs in the page.
    console.debug('__bench ' + JSON.stringify({ kind, t, href: location.href, at }));
  };
  const isTop = window === window.top;
  // Visible = a non-zero box inside the viewport, not display:none / visibility:hidden / opacity:0 (itself or
  // an ancestor): what a payer could see and tap.
  const vis = (el) => {
    const r = el.getBoundingClientRect();
    if (!(r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth)) return false;
    return el.checkVisibility ? el.checkVisibility({ opacityProperty: !cfg.ignoreOpacity, visibilityProperty: true }) : getComputedStyle(el).visibility !== 'hidden';
  };
  let present = false, input = false, gate = !isTop || !cfg.gate;
  const look = () => {
    if (!input) {
      const el = document.querySelector(cfg.selector);
      if (el && !present) { present = true; report('present'); }
      if (el && (!cfg.needVisible || vis(el))) { input = true; report('input', tapPoint(el.getBoundingClientRect())); }
    }
    if (!gate) {
      for (const f of document.querySelectorAll(cfg.gate)) {
        if (!vis(f)) continue;
        const r = f.getBoundingClientRect();
        gate = true;
        report('gate', { x: r.left + f.clientLeft, y: r.top + f.clientTop });
        break;
      }
    }
    return input && gate;
  };
  if (!cfg.needVisible) {
    const mo = new MutationObserver(() => { if (look()) mo.disconnect(); });
    mo.observe(document, { childList: true, subtree: true });
  }
  const tick = () => { if (!look()) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  // For the usable probe (usable.ts): when a typed digit reached the card input's value, stamped by the frame
  // itself. Capturing on window runs before any of the page's handlers and survives the page re-rendering the input.
  addEventListener('input', (e) => {
    const el = e.target;
    if (el instanceof HTMLInputElement && el.matches(cfg.selector) && /\\d/.test(el.value)) window.__benchInputAt = performance.timeOrigin + performance.now();
  }, true);
})();`;
}
