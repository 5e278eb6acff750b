import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { colorSchemeCss, DARK_PALETTE, LIGHT_PALETTE } from './colorScheme';

describe('the palettes', () => {
  it('LIGHT_PALETTE is the page stylesheet’s own :root colours (the loader’s states draw with it)', () => {
    const css = readFileSync(new URL('../checkout/styles.css', import.meta.url), 'utf8');
    const root = /:root\s*\{([^}]*)\}/.exec(css)![1]!;
    const declared = Object.fromEntries([...root.matchAll(/--tender-([\w-]+):\s*(#[0-9a-f]{3,8});/gi)].map((m) => [m[1], m[2]]));
    expect(declared).toEqual(LIGHT_PALETTE);
  });

  it('the dark stylesheet sets every colour of the palette, and only for dark or auto', () => {
    const dark = colorSchemeCss('dark');
    for (const [name, value] of Object.entries(DARK_PALETTE)) expect(dark).toContain(`--tender-${name}:${value}`);
    expect(colorSchemeCss('auto')).toBe(`@media (prefers-color-scheme:dark){${dark}}`);
    expect(colorSchemeCss('light')).toBe('');
  });
});
