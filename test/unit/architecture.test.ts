// The rules the code's shape holds to, read from the imports themselves: which folder may depend on which, and no
// cycle between folders. Type-only imports count: a contract is a dependency too.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE = /\.(ts|tsx)$/;

/** Every source file under `dir` (relative to the repository), tests included. */
function files(dir: string): string[] {
  return (readdirSync(join(root, dir), { recursive: true }) as string[]).filter((f) => SOURCE.test(f)).map((f) => join(dir, f).split('\\').join('/'));
}

// Static imports and re-exports (`import … from '…'`, `export … from '…'`, `import '…'`, at a statement's start),
// and dynamic or type-level ones (`import('…')`, `typeof import('…')`), outside comments.
const IMPORT =
  /^\s*import\s+(?:type\s+)?(?:[\w*\s{},$]+?\s+from\s+)?['"]([^'"]+)['"]|^\s*export\s+(?:type\s+)?(?:\*|\{[^}]*\})\s*(?:as\s+\w+\s+)?from\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** The imports of a file: relative ones as repository paths without extension, packages by name. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = (m[1] ?? m[2] ?? m[3])!;
    if (spec.startsWith('.'))
      out.push(
        relative(root, resolve(root, dirname(file), spec))
          .split('\\')
          .join('/'),
      );
    else out.push(spec);
  }
  return out;
}

/**
 * The unit a file belongs to: `src/<folder>`, or `src/channels/<channel>` for a channel's folder (the kit is one),
 * `src/channels` for the registry beside them; `widget`, `demo/<folder>`, `test`, `scripts`.
 */
function unitOf(path: string): string {
  const p = path.split('/');
  if (p[0] === 'src' && p[1] === 'channels') return p.length > 3 ? `src/channels/${p[2]}` : 'src/channels';
  if (p[0] === 'src' || p[0] === 'demo') return p.length > 2 ? `${p[0]}/${p[1]}` : p[0]!;
  return p[0]!;
}

const browserUnits = (u: string) => u.startsWith('src/') && u !== 'src/server';
// The checkout's server-side rendering: in the checkout's folder (it draws the checkout), run only by the server.
const SERVER_ONLY = new Set(['src/checkout/ssr.tsx']);
const sources = [...files('src'), ...files('widget')].filter((f) => !/\.test\.tsx?$|testkit|renderApp|testing\.ts$|testHarness/.test(f));
const edges = new Map<string, Set<string>>();
const offenders = new Map<string, string[]>();
for (const f of sources) {
  const from = unitOf(f);
  for (const target of importsOf(f)) {
    const to = target.startsWith('src/') || target.startsWith('widget') || target.startsWith('demo/') || target.startsWith('scripts') ? unitOf(target) : target;
    if (to !== from && !to.startsWith('node:') && (to.startsWith('src') || to === 'widget' || to.startsWith('demo') || to === 'scripts')) {
      let set = edges.get(from);
      if (!set) edges.set(from, (set = new Set()));
      set.add(to);
    }
    const key = `${from} → ${to}`;
    offenders.set(key, [...(offenders.get(key) ?? []), f]);
  }
}
const deps = (u: string) => [...(edges.get(u) ?? [])];
const importsIn = (unitPrefix: (u: string) => boolean, forbidden: (to: string) => boolean) =>
  [...edges].flatMap(([from, tos]) =>
    unitPrefix(from) ? [...tos].filter(forbidden).map((to) => `${from} → ${to} (${offenders.get(`${from} → ${to}`)?.join(', ')})`) : [],
  );

describe('architecture', () => {
  it('finds the folders it checks', () => {
    expect([...edges.keys()]).toEqual(
      expect.arrayContaining(['src/checkout', 'src/channels', 'src/channels/card', 'src/channels/kit', 'src/server', 'widget']),
    );
  });

  it('has no import cycle between folders', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (u: string, path: string[]) => {
      if (state.get(u) === 'done') return;
      if (state.get(u) === 'open') {
        cycles.push([...path.slice(path.indexOf(u)), u].join(' → '));
        return;
      }
      state.set(u, 'open');
      for (const d of deps(u)) visit(d, [...path, u]);
      state.set(u, 'done');
    };
    for (const u of edges.keys()) visit(u, []);
    expect(cycles).toEqual([]);
  });

  it('runs one way: checkout → registry → channels → kit, never back', () => {
    const channel = (u: string) => u.startsWith('src/channels/') && u !== 'src/channels/kit';
    expect(
      importsIn(
        (u) => u.startsWith('src/channels'),
        (to) => to === 'src/checkout' || to === 'src/server',
      ),
    ).toEqual([]);
    expect(
      importsIn(
        (u) => u === 'src/channels/kit',
        (to) => to.startsWith('src/channels'),
      ),
    ).toEqual([]);
    // A channel knows the kit, never the registry or another channel.
    expect(importsIn(channel, (to) => to === 'src/channels' || (channel(to) && to !== 'src/channels/kit'))).toEqual([]);
  });

  it('keeps the lower layers below: the contract, the protocol, strings, the platform and the UI pieces', () => {
    expect(
      importsIn(
        (u) => u === 'src/api',
        (to) => to.startsWith('src/'),
      ),
    ).toEqual([]);
    // The protocol names the contract's statuses.
    expect(
      importsIn(
        (u) => u === 'src/protocol',
        (to) => to.startsWith('src/') && to !== 'src/api',
      ),
    ).toEqual([]);
    // Signals are the bottom layer; strings sit on them.
    expect(
      importsIn(
        (u) => u === 'src/signals',
        (to) => to.startsWith('src/'),
      ),
    ).toEqual([]);
    expect(
      importsIn(
        (u) => u === 'src/i18n',
        (to) => to.startsWith('src/') && to !== 'src/signals',
      ),
    ).toEqual([]);
    expect(
      importsIn(
        (u) => u === 'src/platform',
        (to) => to.startsWith('src/') && !['src/protocol', 'src/i18n', 'src/signals'].includes(to),
      ),
    ).toEqual([]);
    expect(
      importsIn(
        (u) => u === 'src/ui',
        (to) => to.startsWith('src/') && to !== 'src/i18n' && to !== 'src/signals',
      ),
    ).toEqual([]);
  });

  it('keeps server code out of the browser, and the browser libraries to preact, signals and valibot', () => {
    expect(importsIn(browserUnits, (to) => to === 'src/server' || to === 'scripts' || to.startsWith('demo'))).toEqual([]);
    const packages = new Set<string>();
    for (const f of sources.filter((s) => !s.startsWith('src/server/') && !s.startsWith('src/react/') && !SERVER_ONLY.has(s))) {
      for (const spec of importsOf(f))
        if (!spec.startsWith('src/') && !spec.startsWith('widget') && !spec.startsWith('.') && !spec.startsWith('scripts')) packages.add(spec);
    }
    const libraries = [...packages]
      .filter((p) => !p.startsWith('src') && p !== 'widget')
      .map((p) => (p.startsWith('@') ? p.split('/').slice(0, 2).join('/') : p.split('/')[0]));
    expect(new Set(libraries), JSON.stringify([...new Set(libraries)])).toEqual(new Set(['preact', '@preact/signals-core', 'valibot']));
  });

  it('keeps the React binding a thin layer: React and the package core, and nothing of React anywhere else', () => {
    const binding = sources.filter((s) => s.startsWith('src/react/'));
    expect(binding.length).toBeGreaterThan(0);
    for (const f of binding) for (const spec of importsOf(f)) expect(['react', 'tender-checkout']).toContain(spec);
    for (const f of sources.filter((s) => !s.startsWith('src/react/'))) expect(importsOf(f).filter((s) => s === 'react' || s.startsWith('react/'))).toEqual([]);
  });

  it('keeps the loader to its folder, the message protocol and small, browser-safe helpers of the platform', () => {
    expect(
      importsIn(
        (u) => u === 'widget',
        (to) => to.startsWith('src/') && !['src/protocol', 'src/platform', 'src/api', 'src/channels', 'src/i18n', 'src/checkout'].includes(to),
      ),
    ).toEqual([]);
  });
});
