// The page is light unless the merchant asks otherwise: a checkout that turns dark on a dark-mode phone over a light
// storefront looks like another site. The server writes the dark palette into the page only when it is asked for,
// so a light page (the default) carries none of it.

/** The `colorScheme` option: `light` (the default), `dark`, or `auto` (follow the payer's system setting). */
export type ColorScheme = 'light' | 'dark' | 'auto';

/** The schemes the option accepts. */
const COLOR_SCHEMES: readonly ColorScheme[] = ['light', 'dark', 'auto'];

/** The scheme a page parameter asks for; anything else is the default, light. */
export const colorSchemeOf = (raw: string | null | undefined): ColorScheme => (COLOR_SCHEMES.includes(raw as ColorScheme) ? (raw as ColorScheme) : 'light');

/** The page's light palette: its `--tender-*` colours as src/checkout/styles.css declares them (a test holds the two equal). */
export const LIGHT_PALETTE = {
  bg: '#ffffff',
  surface: '#f4f5f7',
  text: '#1a1d21',
  muted: '#4d5560',
  border: '#8a929c',
  primary: '#0b57d0',
  'on-primary': '#ffffff',
  error: '#b3261e',
  success: '#146c2e',
  pending: '#7a4a00',
  focus: '#0b57d0',
};

/** The dark palette, with the light one's contrast ratios (checked by the a11y tests in both schemes). */
export const DARK_PALETTE: typeof LIGHT_PALETTE = {
  bg: '#131518',
  surface: '#1e2227',
  text: '#eceef1',
  muted: '#b6bcc4',
  border: '#7d8590',
  primary: '#8ab4f8',
  'on-primary': '#0b1d3a',
  error: '#f4aca7',
  success: '#7fd99a',
  pending: '#f3c777',
  focus: '#a8c7fa',
};

// Written the first time it is asked for, not when the module loads: the loader's deferred half imports the
// palettes, and a bundler keeps a top-level call it cannot prove pure, even unused (about 60 bytes there).
let darkCss: string | undefined;
const dark = (): string =>
  (darkCss ??= Object.entries(DARK_PALETTE)
    .map(([name, value]) => `--tender-${name}:${value}`)
    .join(';'));

/** The stylesheet a scheme adds to the page, empty for light. */
export function colorSchemeCss(scheme: ColorScheme): string {
  if (scheme === 'dark') return `:root{${dark()}}`;
  return scheme === 'auto' ? `@media (prefers-color-scheme:dark){:root{${dark()}}}` : '';
}

/** The page's `<meta name="color-scheme">` content: which native control colours the browser may use. */
export const colorSchemeMeta = (scheme: ColorScheme): string => (scheme === 'auto' ? 'light dark' : scheme);
