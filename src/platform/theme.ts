/** Values a theme may set: colours, lengths, font lists. No `url(`, escapes or declarations break-outs. */
const SAFE_VALUE = /^[\w\s#.,%()+\-/"']{1,120}$/;

/**
 * Applies the loader's `theme` parameter (JSON of `--tender-*` custom properties) to `root` through the CSSOM,
 * which the page's CSP allows. Other keys and unsafe values are ignored; returns the properties set.
 */
export function applyTheme(raw: string | null, root: { style: Pick<CSSStyleDeclaration, 'setProperty'> }): string[] {
  const set: string[] = [];
  try {
    // null, numbers and strings have no own `--tender-*` keys; arrays only index keys.
    for (const [k, val] of Object.entries(Object(JSON.parse(raw!)) as object)) {
      if (!/^--tender-[a-z0-9-]{1,40}$/.test(k) || typeof val !== 'string' || !SAFE_VALUE.test(val) || /url\s*\(|image-set|expression/i.test(val)) continue;
      root.style.setProperty(k, val);
      set.push(k);
    }
  } catch {
    // Not JSON: no theme.
  }
  return set;
}
