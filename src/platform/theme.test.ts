import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { onPrimaryCss, THEME_PROPERTIES, readTheme } from './theme';

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
    // Not values of their own (trial: var(--tender-bg) made a white Pay button on white, with no report).
    ['var(--tender-bg)', '"var(--tender-bg)"'],
    ['inherit', '"inherit"'],
    [' REVERT-LAYER ', '" REVERT-LAYER "'],
    ['env(safe-area-inset-top)', '"env(safe-area-inset-top)"'],
    // Unclosed: the rule's other declarations would be swallowed (trial: "Comic Sans MS wiped the brand colour).
    ['"Comic Sans MS', '"\\"Comic Sans MS"'],
    ["'Inter, sans-serif", '"\'Inter, sans-serif"'],
    ['calc(', '"calc("'],
    ['calc(1px))', '"calc(1px))"'],
    [')(', '")("'],
    // Not colours of their own either (re-check trial: currentcolor made the Pay button vanish, white on white).
    ['currentcolor', '"currentcolor"'],
    ['transparent', '"transparent"'],
  ])('leaves out the value %j, and says so', (value, shown) => {
    const { decls, problems } = readTheme(JSON.stringify({ '--tender-bg': value }));
    expect(decls).toEqual([]);
    expect(problems).toEqual([
      `theme values must be a colour, a length or a font list of their own (no url(), var(), inherit, currentcolor, transparent, semicolons, braces, escapes, or an unclosed quote or bracket; the Pay button's colours opaque): --tender-bg ${shown} left out`,
    ]);
  });

  it('keeps the Pay button’s colours opaque, and other colours as given (re-check trial: white on a 50 % blue was 2.3:1)', () => {
    for (const value of ['#0b57d080', '#08f8', 'rgb(11 87 208 / 50%)', 'rgba(11, 87, 208, 0.5)', 'hsla(200, 80%, 40%, 0.5)']) {
      for (const k of ['--tender-primary', '--tender-on-primary']) expect(readTheme(JSON.stringify({ [k]: value })).decls, `${k} ${value}`).toEqual([]);
      expect(readTheme(JSON.stringify({ '--tender-surface': value })).decls).toEqual([['--tender-surface', value]]);
    }
    for (const value of ['#0b57d0', '#0b57d0ff', '#08ff', '#abc', 'rgb(11 87 208)', 'hsl(200 80% 40%)', 'rebeccapurple'])
      expect(readTheme(JSON.stringify({ '--tender-primary': value })).decls, value).toEqual([['--tender-primary', value]]);
  });

  it('keeps the values around one it leaves out, and closed quotes and brackets', () => {
    const theme = {
      '--tender-font': '"Comic Sans MS", "Segoe UI\'s", sans-serif',
      '--tender-radius': 'calc(2px + (1px + 2px))',
      '--tender-surface': 'rgb(0 135 81 / 90%)',
      '--tender-text': 'var(--x)',
      '--tender-bg': '#fff',
    };
    const { decls, problems } = readTheme(JSON.stringify(theme));
    expect(decls).toEqual(Object.entries(theme).filter(([k]) => k !== '--tender-text'));
    expect(problems).toHaveLength(1);
  });

  it.each(['{', '[["--tender-bg","red"]]', 'null', '"red"'])('refuses %s as a whole', (raw) => {
    expect(readTheme(raw)).toEqual({ decls: [], problems: ['theme must be an object of --tender-* strings'] });
  });

  it('says nothing without a theme', () => expect(readTheme(null)).toEqual({ decls: [], problems: [] }));
});

describe('onPrimaryCss', () => {
  // The WCAG contrast of two hex colours, to hold the choice to the rule it stands for.
  const luminance = (hex: string): number => {
    const c = (i: number) => {
      const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * c(1) + 0.7152 * c(3) + 0.0722 * c(5);
  };
  const contrast = (a: string, b: string) => {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
    return (x + 0.05) / (y + 0.05);
  };
  const chosen = (primary: string) => /--tender-on-primary:(#[0-9a-f]{6})/.exec(onPrimaryCss(primary))![1]!;

  it.each([
    ['#6a1b9a', '#ffffff'], // purple: dark navy text over it was 1.79:1 in the dark palette (trial)
    ['#008751', '#000000'], // Nigerian green: white over it is 4.43:1, black 4.74:1
    ['#1a1a6e', '#ffffff'],
    ['#0b57d0', '#ffffff'],
    ['#ffff00', '#000000'], // yellow: white over it was 1.07:1
    ['#8ab4f8', '#000000'],
    ['#767676', '#000000'],
    ['#777777', '#000000'],
    ['#757575', '#ffffff'],
  ])('gives %s the text colour that reads better on it, %s, at least 4.5:1', (primary, text) => {
    expect(chosen(primary)).toBe(text);
    expect(contrast(primary, text)).toBeGreaterThanOrEqual(4.5);
  });

  it('reads short and alpha hex forms', () => {
    expect(chosen('#ff0')).toBe('#000000');
    expect(chosen('#60c8')).toBe(chosen('#6600cc'));
    expect(chosen(' #6A1B9AFF ')).toBe('#ffffff');
  });

  it('leaves any other colour to the browser, where it has relative colours', () => {
    expect(onPrimaryCss('rebeccapurple')).toBe(
      '@supports (color:lch(from red l c h)){:root{--tender-on-primary:lch(from var(--tender-primary) calc((49.4 - l) * infinity) 0 0 / 1)}}',
    );
    expect(onPrimaryCss('rgb(0 0 0)')).toBe(onPrimaryCss('rebeccapurple'));
  });
});
