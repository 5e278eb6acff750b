import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DARK_PALETTE, LIGHT_PALETTE } from '../platform/colorScheme';

const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');

/** The declarations of the stylesheet's first rule for `selector` (outside any media query: the first one). */
function rule(selector: string): Record<string, string> {
  const at = css.indexOf(`\n${selector} {`);
  expect(at, `${selector} in styles.css`).toBeGreaterThan(-1);
  const body = css.slice(css.indexOf('{', at) + 1, css.indexOf('}', at));
  return Object.fromEntries([...body.matchAll(/([\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

type Rgb = [number, number, number];
const rgb = (hex: string): Rgb => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;
/** WCAG 2.2 relative luminance and contrast ratio. */
const linear = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
const luminance = ([r, g, b]: Rgb) => 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
const contrast = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};
/** `c` drawn at `alpha` over `under`. */
const over = (c: Rgb, alpha: number, under: Rgb) => c.map((v, i) => alpha * v + (1 - alpha) * under[i]!) as Rgb;

/** A busy primary button ("Processing…") as the browser paints it in a palette: its text and background colours. */
function busyButton(palette: typeof LIGHT_PALETTE) {
  const d = { ...rule('.tender-btn--primary'), ...rule('.tender-btn[aria-disabled="true"]') };
  const colour = (v: string) => rgb(v.replace(/^var\(--tender-([\w-]+)\)$/, (_, name: keyof typeof palette) => palette[name]));
  const page = rgb(palette.bg);
  const alpha = Number(d.opacity ?? 1);
  return { text: over(colour(d.color!), alpha, page), background: over(colour(d.background!), alpha, page) };
}

describe('busy and not-ready buttons (aria-disabled)', () => {
  it.each([
    ['light', LIGHT_PALETTE],
    ['dark', DARK_PALETTE],
  ])('say "Processing…" at 4.5:1 or more in the %s palette (white on the primary colour faded to 0.75 was 3.9:1)', (_name, palette) => {
    const { text, background } = busyButton(palette);
    expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('do not look like the enabled button: another background, and a progress cursor', () => {
    for (const palette of [LIGHT_PALETTE, DARK_PALETTE]) expect(busyButton(palette).background).not.toEqual(rgb(palette.primary));
    expect(rule('.tender-btn[aria-disabled="true"]').cursor).toBe('progress');
  });
});
