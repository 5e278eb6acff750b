/**
 * The custom properties the page's stylesheet reads (src/checkout/styles.css declares each on `:root`): the names a
 * theme may set.
 */
export const THEME_PROPERTIES = [
  '--tender-primary',
  '--tender-on-primary',
  '--tender-bg',
  '--tender-surface',
  '--tender-text',
  '--tender-muted',
  '--tender-border',
  '--tender-error',
  '--tender-success',
  '--tender-pending',
  '--tender-focus',
  '--tender-radius',
  '--tender-font',
] as const;

/** Values a theme may set: colours, lengths, font lists. No `url(`, escapes or declarations break-outs. */
const SAFE_VALUE = /^[\w\s#.,%()+\-/"']{1,120}$/;
/**
 * Not a value of its own: another property's (`var(--tender-bg)` made a white Pay button on white), the inherited
 * one, or the environment's. Nor a loader of anything.
 */
const NOT_PLAIN = /url\s*\(|image-set|expression|var\s*\(|env\s*\(|attr\s*\(|currentcolor|transparent|^\s*(inherit|initial|unset|revert|revert-layer)\s*$/i;
const isSafe = (value: string): boolean => SAFE_VALUE.test(value) && !NOT_PLAIN.test(value) && balanced(value);
/**
 * A colour that lets what is under it through (#0b57d080, rgb(… / 50%), rgba(), hsla()): the Pay button's own colours
 * are opaque, or the text chosen for them reads against a colour the payer does not see (white on a 50 % blue over
 * white was 2.3:1).
 */
const SEE_THROUGH = /#([\da-f]{3}(?!f)[\da-f]|[\da-f]{6}(?!ff)[\da-f]{2})\b|\/|rgba\s*\(|hsla\s*\(/i;
const OPAQUE_ONLY = new Set(['--tender-primary', '--tender-on-primary']);

/**
 * Whether quotes close and brackets pair up: the declarations share one rule, where an open `"Comic Sans MS` or
 * `calc(` would swallow every declaration after it, with no error.
 */
function balanced(value: string): boolean {
  let quote = '';
  let depth = 0;
  for (const c of value) {
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')' && --depth < 0) return false;
  }
  return !quote && depth === 0;
}

// #rgb, #rgba, #rrggbb, #rrggbbaa.
const HEX = /^#([\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/i;

/**
 * The text colour for a Pay button of `primary` when the theme gives none: white or black, whichever reads better
 * on it (WCAG contrast; the better of the two is always at least 4.5:1). A brand colour with the default's white
 * text, or the dark palette's dark text, could be unreadable (purple under dark navy was 1.8:1). A hex colour is
 * worked out here; any other colour by the browser, as CSS relative colour (its lightness: white below L* 49.4,
 * where the two contrasts meet), in browsers that have it.
 */
export function onPrimaryCss(primary: string): string {
  const hex = HEX.exec(primary.trim())?.[1];
  if (hex === undefined)
    return '@supports (color:lch(from red l c h)){:root{--tender-on-primary:lch(from var(--tender-primary) calc((49.4 - l) * infinity) 0 0 / 1)}}';
  const digits = hex.length < 5 ? [...hex].map((d) => d + d).join('') : hex;
  const channel = (i: number): number => {
    const c = Number.parseInt(digits.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  // Contrast with white (1.05 / (L + 0.05)) against contrast with black ((L + 0.05) / 0.05).
  return `:root{--tender-on-primary:${1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#000000'}}`;
}

/** The `theme` parameter read: the declarations the page applies, and what of it cannot be used, for the integrator. */
export function readTheme(raw: string | null): { readonly decls: readonly (readonly [string, string])[]; readonly problems: readonly string[] } {
  const decls: [string, string][] = [];
  const unknown: string[] = [];
  const refused: string[] = [];
  let entries: [string, unknown][];
  try {
    const parsed: unknown = JSON.parse(raw!);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new TypeError();
    entries = Object.entries(parsed);
  } catch {
    return { decls, problems: raw === null ? [] : ['theme must be an object of --tender-* strings'] };
  }
  for (const [k, value] of entries) {
    if (!(THEME_PROPERTIES as readonly string[]).includes(k)) unknown.push(k);
    else if (typeof value !== 'string' || !isSafe(value) || (OPAQUE_ONLY.has(k) && SEE_THROUGH.test(value)))
      refused.push(`${k} ${JSON.stringify(value)?.slice(0, 60)}`);
    else decls.push([k, value]);
  }
  const problems: string[] = [];
  if (unknown.length) problems.push(`theme names ${unknown.join(', ')}, which the checkout does not use: use ${THEME_PROPERTIES.join(', ')}`);
  if (refused.length)
    problems.push(
      `theme values must be a colour, a length or a font list of their own (no url(), var(), inherit, currentcolor, transparent, semicolons, braces, escapes, or an unclosed quote or bracket; the Pay button's colours opaque): ${refused.join(', ')} left out`,
    );
  return { decls, problems };
}
