// "Usable": when a digit the payer types into the card input is kept. A visible input can still be inert (no
// handler yet, a disabled field) or be thrown away when the page's script takes over, so the bench types.
import type { BrowserContext, CDPSession, Frame, Page } from 'playwright-core';
import { type DetectConfig, type DetectReport, tapPoint } from './detect';

/** Time with no request starting or ending (after the load event) that counts as settled. */
const QUIET_MS = 500;
/** Between attempts to type: about one frame. */
const TICK_MS = 16;

export interface UsableResult {
  /** Unix-epoch ms (the frame's clock, as the detector's stamps) of the input event of the first kept keystroke. */
  at?: number;
  /** The first keystroke was lost by the time the page settled (or focus or caret were); `at` is a keystroke typed after. */
  retyped: boolean;
  /** What the page had lost when it settled: the card number's digits then, or after one more digit typed. */
  lost?: string;
  /** Keystrokes typed, the kept one included. */
  attempts: number;
  error?: string;
}

/**
 * When a request last started or ended, across all frames of a context. Activity, not a count of requests in flight:
 * a response whose body the page never reads, or a long poll, would otherwise keep a page from ever settling.
 */
export function trackRequests(ctx: BrowserContext) {
  let changedAt = Date.now();
  const change = () => {
    changedAt = Date.now();
  };
  ctx.on('request', change);
  ctx.on('requestfinished', change);
  ctx.on('requestfailed', change);
  return { quiet: () => Date.now() - changedAt };
}
export type RequestTracker = ReturnType<typeof trackRequests>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Point = { x: number; y: number };

// One key through the browser's input pipeline (keydown, keypress, beforeinput, input, keyup in the renderer), as
// Playwright's keyboard.press sends it, after a tap where the payer sees the input: the browser hit-tests it, so a
// cover (a spinner, a transparent layer) takes the tap instead and the key goes nowhere, as it would for the payer.
// CDP answers each event once the renderer has handled it; the events are sent together (they reach the renderer in
// order) so that the harness does not wait on each answer before sending the next.
async function tapAndPress(cdp: CDPSession, p: Point | undefined, digit: string): Promise<void> {
  const code = digit.charCodeAt(0);
  const key = { key: digit, code: `Digit${digit}`, windowsVirtualKeyCode: code, nativeVirtualKeyCode: code };
  const mouse = (type: 'mousePressed' | 'mouseReleased', q: Point) =>
    cdp.send('Input.dispatchMouseEvent', { type, x: q.x, y: q.y, button: 'left', clickCount: 1 });
  await Promise.all([
    ...(p ? [mouse('mousePressed', p), mouse('mouseReleased', p)] : []),
    cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', text: digit, unmodifiedText: digit, ...key }),
    cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key }),
  ]);
}

// Where to tap now, in the top page's viewport. Plain evaluates: Playwright's own locators would first inject their
// selector engine into the frame, hundreds of milliseconds of script at 4x that no payer's page pays.
async function whereNow(page: Page, frame: Frame, cfg: DetectConfig): Promise<Point | undefined> {
  // For the iframe, where its content starts: inside its border.
  const rect = (sel: string, f: Frame, content: boolean) =>
    f.evaluate(
      ([sel, content]) => {
        const el = document.querySelector(sel);
        const r = el?.getBoundingClientRect();
        const b = content && el ? { x: el.clientLeft, y: el.clientTop } : { x: 0, y: 0 };
        return r && { left: r.left + b.x, top: r.top + b.y, width: r.width, height: r.height };
      },
      [sel, content] as const,
    );
  const [input, gate] = await Promise.all([
    rect(cfg.selector, frame, false),
    cfg.gate && frame !== page.mainFrame() ? rect(cfg.gate, page.mainFrame(), true) : undefined,
  ]).catch(() => [undefined, undefined]);
  if (!input) return undefined;
  const p = tapPoint(input);
  return { x: p.x + (gate?.left ?? 0), y: p.y + (gate?.top ?? 0) };
}

interface InputState {
  digits: string;
  at?: number;
  /** The frame's focused element, when it is not the input: what a lost keystroke went to. */
  focus?: string;
}
const read = (frame: Frame, selector: string): Promise<InputState | undefined> =>
  frame
    .evaluate((sel) => {
      const el = document.querySelector<HTMLInputElement>(sel);
      if (!el) return undefined;
      const f = document.activeElement;
      const focus =
        f === el
          ? undefined
          : f
            ? `${f.tagName.toLowerCase()}${f.id ? `#${f.id}` : ''}${f.className ? `.${String(f.className).split(' ')[0]}` : ''}`
            : 'nothing';
      return { digits: el.value.replace(/\D/g, ''), at: (window as { __benchInputAt?: number }).__benchInputAt, focus };
    }, selector)
    .catch(() => undefined);

/** The frame the detector saw the card input in (by its address; else the first frame that has one). */
async function cardFrame(page: Page, reports: DetectReport[], selector: string): Promise<Frame | undefined> {
  const href = reports.find((r) => r.kind === 'input')?.href;
  const byUrl = page.frames().find((f) => f.url() === href);
  if (byUrl) return byUrl;
  for (const f of page.frames()) if (await f.$(selector).catch(() => null)) return f;
  return undefined;
}

/**
 * From the moment the card input is visible: tap it and type a digit, once per tick, until a digit is in its value.
 * Then wait until the page has settled (its load event, then QUIET_MS with no request starting or ending) and check that the
 * digit is still there and that a next digit, typed without tapping again, lands after it (focus and caret kept).
 * If not, the payer would type again: the first keystroke typed after the page settled counts instead (pessimistic:
 * the page may have been able to keep keystrokes somewhat earlier).
 */
export async function probeUsable(
  page: Page,
  cdp: CDPSession,
  reports: DetectReport[],
  cfg: DetectConfig,
  requests: RequestTracker,
  deadlineMs: number,
): Promise<UsableResult> {
  const deadline = Date.now() + deadlineMs;
  const res: UsableResult = { retyped: false, attempts: 0 };
  const frame = await cardFrame(page, reports, cfg.selector);
  if (!frame) return { ...res, error: 'card input frame not found' };

  // The first tap goes where the detector saw the input, with no round trip to the page.
  const input = reports.find((r) => r.kind === 'input')?.at;
  const gate = reports.find((r) => r.kind === 'gate')?.at;
  let next: Point | undefined = input && { x: input.x + (gate?.x ?? 0), y: input.y + (gate?.y ?? 0) };
  const typeUntilKept = async (digit: string, before: number): Promise<number | undefined> => {
    while (Date.now() < deadline) {
      const at = next ?? (await whereNow(page, frame, cfg));
      next = undefined;
      if (at) {
        res.attempts++;
        await tapAndPress(cdp, at, digit);
        const s = await read(frame, cfg.selector);
        if (s && s.digits.length > before && s.at !== undefined) return s.at;
      }
      await sleep(TICK_MS);
    }
    return undefined;
  };

  const first = await typeUntilKept('4', 0);
  if (first === undefined) return { ...res, error: 'no keystroke reached the card input' };
  await page.waitForLoadState('load', { timeout: Math.max(1, deadline - Date.now()) }).catch(() => {});
  while (requests.quiet() < QUIET_MS && Date.now() < deadline) await sleep(50);
  if (Date.now() >= deadline) return { ...res, error: 'the page did not settle' };

  // A tick may have typed twice before the first digit showed; any run of 4s is what was typed.
  const settled = (await read(frame, cfg.selector))?.digits;
  if (!settled || !/^4+$/.test(settled)) res.lost = `value "${settled ?? '(no input)'}" when settled`;
  else {
    await tapAndPress(cdp, undefined, '2');
    const after = await read(frame, cfg.selector);
    if (after?.digits !== `${settled}2`) res.lost = `value "${after?.digits}" after one more digit${after?.focus ? ` (focus on ${after.focus})` : ' (caret)'}`;
  }
  if (!res.lost) return { ...res, at: first };
  res.retyped = true;
  const again = await typeUntilKept('7', (await read(frame, cfg.selector))?.digits.length ?? 0);
  return again === undefined ? { ...res, error: 'no keystroke reached the card input after the page settled' } : { ...res, at: again };
}
