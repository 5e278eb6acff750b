import { describe, expect, it } from 'vitest';
import { applyTheme } from './theme';

const root = () => {
  const props: Record<string, string> = {};
  return { props, style: { setProperty: (k: string, v: string) => void (props[k] = v) } };
};

describe('applyTheme', () => {
  it('sets --tender-* properties with plain values', () => {
    const r = root();
    expect(applyTheme(JSON.stringify({ '--tender-primary': '#0a7d32', '--tender-radius': '4px', '--tender-font': '"Inter", system-ui' }), r)).toHaveLength(3);
    expect(r.props['--tender-primary']).toBe('#0a7d32');
  });
  it.each([
    [{ color: 'red' }],
    [{ '--other-x': 'red' }],
    [{ '--tender-bg': 'url(https://evil.example/x.png)' }],
    [{ '--tender-bg': 'red; background: url(x)' }],
    [{ '--tender-bg': 'red\\3b' }],
    [{ '--tender-bg': 12 }],
    [['--tender-bg', 'red']],
  ])('ignores %j', (theme) => {
    const r = root();
    expect(applyTheme(JSON.stringify(theme), r)).toEqual([]);
    expect(r.props).toEqual({});
  });
  it('ignores what is not JSON', () => expect(applyTheme('{', root())).toEqual([]));
});
