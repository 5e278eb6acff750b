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
const isSafe = (value: string): boolean => SAFE_VALUE.test(value) && !/url\s*\(|image-set|expression/i.test(value);

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
    else if (typeof value !== 'string' || !isSafe(value)) refused.push(`${k} ${JSON.stringify(value)?.slice(0, 60)}`);
    else decls.push([k, value]);
  }
  const problems: string[] = [];
  if (unknown.length) problems.push(`theme names ${unknown.join(', ')}, which the checkout does not use: use ${THEME_PROPERTIES.join(', ')}`);
  if (refused.length)
    problems.push(`theme values must be a colour, a length or a font list (no url(), semicolons, braces or escapes): ${refused.join(', ')} left out`);
  return { decls, problems };
}
