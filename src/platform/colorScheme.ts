// The page is light unless the merchant asks otherwise: a checkout that turns dark on a dark-mode phone over a light
// storefront looks like another site. The server writes the dark palette into the page only when it is asked for,
// so a light page (the default) carries none of it.

/** The `colorScheme` option: `light` (the default), `dark`, or `auto` (follow the payer's system setting). */
export type ColorScheme = 'light' | 'dark' | 'auto';

/** The schemes the option accepts. */
const COLOR_SCHEMES: readonly ColorScheme[] = ['light', 'dark', 'auto'];

/** The scheme a page parameter asks for; anything else is the default, light. */
export const colorSchemeOf = (raw: string | null | undefined): ColorScheme => (COLOR_SCHEMES.includes(raw as ColorScheme) ? (raw as ColorScheme) : 'light');

// The dark palette keeps the light one's contrast ratios (checked by the a11y tests in both schemes).
const DARK = [
  '--tender-bg:#131518',
  '--tender-surface:#1e2227',
  '--tender-text:#eceef1',
  '--tender-muted:#b6bcc4',
  '--tender-border:#7d8590',
  '--tender-primary:#8ab4f8',
  '--tender-on-primary:#0b1d3a',
  '--tender-error:#f4aca7',
  '--tender-success:#7fd99a',
  '--tender-pending:#f3c777',
  '--tender-focus:#a8c7fa',
].join(';');

/** The stylesheet a scheme adds to the page, empty for light. */
export function colorSchemeCss(scheme: ColorScheme): string {
  if (scheme === 'dark') return `:root{${DARK}}`;
  return scheme === 'auto' ? `@media (prefers-color-scheme:dark){:root{${DARK}}}` : '';
}

/** The page's `<meta name="color-scheme">` content: which native control colours the browser may use. */
export const colorSchemeMeta = (scheme: ColorScheme): string => (scheme === 'auto' ? 'light dark' : scheme);
