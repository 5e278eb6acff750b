import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { THEME_PROPERTIES, readTheme } from './theme';

describe('readTheme', () => {
  it('takes the page’s own properties with plain values', () => {
    const theme = { '--tender-primary': '#0a7d32', '--tender-radius': '4px', '--tender-font': '"Inter", system-ui' };
    expect(readTheme(JSON.stringify(theme))).toEqual({ decls: Object.entries(theme), problems: [] });
  });

  it('names every property the page’s stylesheets declare and read, and no other', () => {
    const css = readFileSync(new URL('../checkout/styles.css', import.meta.url), 'utf8');
    const root = /:root\s*{([^}]*)}/.exec(css)![1]!;
    const declared = [...root.matchAll(/(--tender-[a-z-]+)\s*:/g)].map((m) => m[1]);
    expect([...THEME_PROPERTIES].sort()).toEqual(declared.sort());
    const later = readFileSync(new URL('../checkout/later.css', import.meta.url), 'utf8');
    const read = new Set([...(css + later).matchAll(/var\((--tender-[a-z-]+)/g)].map((m) => m[1]));
    for (const name of THEME_PROPERTIES) expect(read, name).toContain(name);
  });

  it('leaves out a name the page does not read, and says which and what to use', () => {
    const { decls, problems } = readTheme(JSON.stringify({ '--tender-accent': '#0a7', '--tender-primary': '#0a7', color: 'red' }));
    expect(decls).toEqual([['--tender-primary', '#0a7']]);
    expect(problems).toEqual([`theme names --tender-accent, color, which the checkout does not use: use ${THEME_PROPERTIES.join(', ')}`]);
  });

  it.each([
    ['url(https://evil.example/x.png)', '"url(https://evil.example/x.png)"'],
    ['red; background: url(x)', '"red; background: url(x)"'],
    ['red\\3b', '"red\\\\3b"'],
    ['</style><script>', '"</style><script>"'],
    [12, '12'],
    ['', '""'],
  ])('leaves out the value %j, and says so', (value, shown) => {
    const { decls, problems } = readTheme(JSON.stringify({ '--tender-bg': value }));
    expect(decls).toEqual([]);
    expect(problems).toEqual([
      `theme values must be a colour, a length or a font list (no url(), semicolons, braces or escapes): --tender-bg ${shown} left out`,
    ]);
  });

  it.each(['{', '[["--tender-bg","red"]]', 'null', '"red"'])('refuses %s as a whole', (raw) => {
    expect(readTheme(raw)).toEqual({ decls: [], problems: ['theme must be an object of --tender-* strings'] });
  });

  it('says nothing without a theme', () => expect(readTheme(null)).toEqual({ decls: [], problems: [] }));
});
