// Size budgets (docs/ARCHITECTURE.md, budgets), on the production build that `npm test` makes first. Sizes are
// deterministic, so they are tests; times are not, so they live in `npm run bench` only.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { LOADER_BUDGET, LOADER_TARGET, PAGE_BUDGET, PAGE_TARGET, inlineCode } from '../support/sizeTargets';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dist = join(root, 'dist');
// Vite's `base`: asset URLs in the page start with it, files sit under dist/checkout/.
const BASE = '/checkout/';

const gzip = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

function requireBuild(file: string): string {
  if (!existsSync(file)) {
    throw new Error(
      `${posix.relative(root, file)} is missing: the size budgets are checked on the production build; run \`npm run build\` (npm test does it first)`,
    );
  }
  return file;
}

/** A page URL (`/checkout/assets/x.js`, `./x.js`) as a file under the page's directory. */
function toFile(url: string, from: string, pageDir: string): string {
  if (/^[a-z]+:|^\/\//i.test(url)) throw new Error(`the hosted page references ${url}: its first load must come from its own server`);
  if (url.startsWith(BASE)) return join(pageDir, url.slice(BASE.length));
  if (url.startsWith('/')) return join(pageDir, url.slice(1));
  return join(dirname(from), url);
}

// Static `import … from "x"`, `import "x"`, `export … from "x"`; never `import("x")`, which loads later.
const STATIC_IMPORT = /(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+)["']/g;

/**
 * What the browser loads before the page can paint: the scripts, stylesheets and modulepreloads that
 * index.html names, and every module those scripts import statically (they are fetched before any runs).
 */
function firstLoad(indexFile: string): string[] {
  const pageDir = dirname(indexFile);
  const html = readFileSync(indexFile, 'utf8');
  const files = new Set<string>();
  const queue: string[] = [];
  const add = (file: string) => {
    if (files.has(file)) return;
    requireBuild(file);
    files.add(file);
    if (file.endsWith('.js')) queue.push(file);
  };
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']?([^"'\\s>]+)`, 'i').exec(tag)?.[1];
    if (/^<script/i.test(tag)) {
      const src = attr('src');
      if (src) add(toFile(src, indexFile, pageDir));
    } else if (/^(stylesheet|modulepreload|preload)$/i.test(attr('rel') ?? '')) {
      const href = attr('href');
      if (href && /\.(js|css)$/.test(href)) add(toFile(href, indexFile, pageDir));
    }
  }
  for (let file = queue.shift(); file; file = queue.shift()) {
    for (const m of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const spec = m[1]!;
      if (spec.startsWith('.') || spec.startsWith('/')) add(toFile(spec, file, pageDir));
    }
  }
  return [...files];
}

describe('size budgets (production build)', () => {
  it('counts what index.html names and the static imports of its scripts, not dynamic ones', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tender-size-'));
    try {
      mkdirSync(join(dir, 'assets'));
      writeFileSync(
        join(dir, 'index.html'),
        `<script type="module" crossorigin src="/checkout/assets/a.js"></script>
<link rel="modulepreload" crossorigin href="/checkout/assets/p.js"><link rel="stylesheet" href="/checkout/assets/s.css"><link rel="icon" href="/checkout/i.svg">`,
      );
      writeFileSync(join(dir, 'assets/a.js'), 'import{x as y}from"./b.js";import"./c.js";const l=()=>import("./lazy.js");export{y};');
      writeFileSync(join(dir, 'assets/b.js'), 'export*from"./d.js";');
      for (const f of ['c.js', 'd.js', 'p.js', 's.css', 'lazy.js']) writeFileSync(join(dir, 'assets', f), '/**/');
      const names = firstLoad(join(dir, 'index.html'))
        .map((f) => posix.relative(dir, f))
        .sort();
      expect(names).toEqual(['assets/a.js', 'assets/b.js', 'assets/c.js', 'assets/d.js', 'assets/p.js', 'assets/s.css']);
      expect(inlineCode('<script src="/x.js"></script><script>a()</script><style>b{}</style><script type="application/json">{}</script>')).toBe('a()b{}');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it(`the loader dist/tender.js is at most ${LOADER_TARGET} bytes gzip (budget ${LOADER_BUDGET})`, () => {
    const size = gzip(requireBuild(join(dist, 'tender.js')));
    expect(size, `dist/tender.js is ${size} B gzip; the target is ${LOADER_TARGET} B`).toBeLessThanOrEqual(LOADER_TARGET);
  });

  it(`the hosted page's first load (JS + CSS) is at most ${PAGE_TARGET} bytes gzip (budget ${PAGE_BUDGET})`, () => {
    const index = requireBuild(join(dist, 'checkout/index.html'));
    const files = firstLoad(index);
    const inline = inlineCode(readFileSync(index, 'utf8'));
    expect(files.some((f) => f.endsWith('.js')) || inline.trim() !== '', 'dist/checkout/index.html has no script').toBe(true);
    const sizes = files.map((f) => [posix.relative(dist, f), gzip(f)] as const);
    if (inline.trim()) sizes.push(['checkout/index.html (inline script and style)', gzipSync(inline, { level: 9 }).length]);
    const total = sizes.reduce((s, [, n]) => s + n, 0);
    const detail = sizes.map(([f, n]) => `${f} ${n} B`).join(', ');
    expect(total, `first load is ${total} B gzip (${detail}); the target is ${PAGE_TARGET} B`).toBeLessThanOrEqual(PAGE_TARGET);
  });
});
