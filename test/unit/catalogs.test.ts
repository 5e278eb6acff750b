// Every locale's catalog against English, for every message set in the repository: found by walking the folders for
// `messages/<set>.<locale>.ts` (as scripts/text.ts finds them), so a set added later is checked without listing it
// here. Each catalog has exactly the English keys, the same placeholders per key, no empty string, and no string
// left in English unless the allowlist below says the English text is also this locale's.
import { readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findMessageFiles } from '../../scripts/text';
import { LOCALES, type Locale } from '../../src/i18n/locale';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SKIP = new Set(['node_modules', 'dist', '.git']);

/** Every `.ts` file in a folder named `messages`, anywhere in the repository (dependencies and builds skipped). */
function messageFiles(dir = root): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...messageFiles(path));
    else if (entry.name.endsWith('.ts') && /[\\/]messages$/.test(dir)) out.push(path);
  }
  return out;
}

/**
 * Strings that are rightly the same as English, by full key: brand names and codes, and words a locale writes as
 * English does. Each entry says which locales; an entry no locale needs any more fails, so the list stays short.
 */
const SAME_AS_ENGLISH: Readonly<Record<string, readonly Locale[]>> = {
  'card.cvv': LOCALES, // the code printed on the card, called so in every language
  'ussd.tab': LOCALES, // the name of the service
  'qr.tab': LOCALES, // the name of the code (test fixture)
  'wallet.a': LOCALES, // placeholder wallet names, replaced by the merchant's configuration
  'wallet.b': LOCALES,
  // Nigerian Pidgin says "language" as English does (the switcher's label).
  'page.language': ['pcm'],
  // Nigerian Pidgin names the checkout as English does, and "Continue" as its wallet and payment page buttons do.
  'page.title': ['pcm'],
  'loader.title': ['pcm'],
  'card-steps.continue': ['pcm'],
  // Nigerian Pidgin writes minutes and seconds as English does.
  'time.minute': ['pcm'],
  'time.minutes': ['pcm'],
  'time.second': ['pcm'],
  'time.seconds': ['pcm'],
};

/** The `{name}` placeholders of a string, sorted (repeats kept), and any brace outside one. */
const placeholders = (s: string): string[] => [...(s.match(/\{\w+\}/g) ?? [])].sort();
const strayBraces = (s: string): number => s.replace(/\{\w+\}/g, '').replace(/[^{}]/g, '').length;

const FILE = /^([a-z][\w-]*)\.([a-z]+)\.ts$/;
const files = messageFiles().map((path) => ({ path, rel: relative(root, path).split('\\').join('/'), m: FILE.exec(path.split(/[\\/]/).pop()!) }));

// Message sets by folder and id: `src/channels/card/messages` + `card`.
const sets = new Map<string, { folder: string; set: string }>();
for (const f of files) if (f.m) sets.set(`${dirname(f.rel)}/${f.m[1]}`, { folder: dirname(f.rel), set: f.m[1]! });

async function load(folder: string, set: string, locale: Locale): Promise<Record<string, unknown>> {
  const mod = (await import(pathToFileURL(join(root, folder, `${set}.${locale}.ts`)).href)) as { default?: Record<string, unknown> };
  return mod.default ?? {};
}

describe('message catalogs', () => {
  it('finds the message sets (at least the page, the card and the test fixture)', () => {
    const ids = [...sets.values()].map((s) => s.set);
    expect(ids).toEqual(expect.arrayContaining(['page', 'outcome', 'card', 'qr']));
  });

  it('names every messages file <set>.<locale>.ts, for a locale the checkout speaks', () => {
    const bad = files.filter((f) => !f.m || !(LOCALES as readonly string[]).includes(f.m[2]!)).map((f) => f.rel);
    expect(bad).toEqual([]);
  });

  it('gives every set a file for every locale', () => {
    const missing: string[] = [];
    for (const { folder, set } of sets.values())
      for (const locale of LOCALES) if (!files.some((f) => f.rel === `${folder}/${set}.${locale}.ts`)) missing.push(`${folder}/${set}.${locale}.ts`);
    expect(missing).toEqual([]);
  });

  it('is what the build collects: every file under src is found by scripts/text.ts', async () => {
    const built = (await findMessageFiles([join(root, 'src')])).map((f) => relative(root, f.path).split('\\').join('/'));
    expect(built.sort()).toEqual(
      files
        .filter((f) => f.rel.startsWith('src/'))
        .map((f) => f.rel)
        .sort(),
    );
  });

  it('keeps the allowlist of strings left in English to known keys', () => {
    const known = new Set([...sets.values()].map((s) => s.set));
    expect(Object.keys(SAME_AS_ENGLISH).filter((k) => !known.has(k.slice(0, k.indexOf('.'))))).toEqual([]);
  });

  const cases = [...sets.values()].flatMap(({ folder, set }) =>
    LOCALES.filter((l) => l !== 'en').map((locale) => ({ name: `${set}.${locale}`, folder, set, locale })),
  );

  describe.each(cases)('$name ($folder)', ({ folder, set, locale }) => {
    it('has exactly the English keys, every value a non-empty string', async () => {
      const [en, texts] = await Promise.all([load(folder, set, 'en'), load(folder, set, locale)]);
      expect(Object.keys(texts).sort()).toEqual(Object.keys(en).sort());
      for (const [k, v] of [...Object.entries(en), ...Object.entries(texts)]) {
        expect(typeof v, `${set}.${k}`).toBe('string');
        expect((v as string).trim(), `${set}.${k} is empty`).not.toBe('');
      }
    });

    it('keeps every placeholder of the English string, by name and count', async () => {
      const [en, texts] = await Promise.all([load(folder, set, 'en'), load(folder, set, locale)]);
      for (const [k, v] of Object.entries(en) as [string, string][]) {
        const t = String(texts[k] ?? '');
        expect(placeholders(t), `${set}.${k}: ${t}`).toEqual(placeholders(v));
        expect(strayBraces(t), `${set}.${k}: a brace outside a placeholder`).toBe(strayBraces(v));
      }
    });

    it('leaves no string in English, but for the allowlist', async () => {
      const [en, texts] = await Promise.all([load(folder, set, 'en'), load(folder, set, locale)]);
      const same: string[] = [];
      for (const [k, v] of Object.entries(en)) {
        const key = `${set}.${k}`;
        if (texts[k] !== v) continue;
        if (!SAME_AS_ENGLISH[key]?.includes(locale)) same.push(`${key}: ${String(v)}`);
      }
      expect(same).toEqual([]);
    });
  });

  it('needs every entry of the allowlist (one that no catalog uses any more is removed)', async () => {
    const unused: string[] = [];
    for (const [key, locales] of Object.entries(SAME_AS_ENGLISH)) {
      const dot = key.indexOf('.');
      for (const { folder, set } of [...sets.values()].filter((s) => s.set === key.slice(0, dot))) {
        const en = await load(folder, set, 'en');
        for (const locale of locales.filter((l) => l !== 'en'))
          if ((await load(folder, set, locale))[key.slice(dot + 1)] !== en[key.slice(dot + 1)]) unused.push(`${key}: ${locale}`);
      }
    }
    expect(unused).toEqual([]);
  });
});
