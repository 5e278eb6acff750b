// The checkout's strings, collected from their sources (`messages/<set>.<locale>.ts` anywhere under the roots)
// into one catalog per locale: flat `"<set>.<key>": "text"`. The build writes each as a hashed JSON file beside
// the page's assets; the server and the tests read the same catalogs.
import { createHash } from 'node:crypto';
import { readdir, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LOCALES, type Locale } from '../src/i18n/locale';

/** One message file found under a root. */
export interface MessageFile {
  readonly set: string;
  readonly locale: Locale;
  readonly path: string;
}

const FILE = /^([a-z][\w-]*)\.([a-z]+)\.ts$/;

/** Every `messages/<set>.<locale>.ts` under `roots`. */
export async function findMessageFiles(roots: readonly string[] = ['src']): Promise<MessageFile[]> {
  const out: MessageFile[] = [];
  for (const root of roots) {
    for (const entry of await readdir(root, { recursive: true })) {
      const path = join(root, entry);
      const parts = path.split(/[\\/]/);
      const m = FILE.exec(parts[parts.length - 1]!);
      if (parts[parts.length - 2] !== 'messages' || !m) continue;
      if (!(LOCALES as readonly string[]).includes(m[2]!)) throw new Error(`${path}: ${m[2]} is not a locale the checkout speaks (${LOCALES.join(', ')})`);
      out.push({ set: m[1]!, locale: m[2] as Locale, path });
    }
  }
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * Every locale's strings by full key. Throws when two folders use one set id, or when a set's file in some locale
 * does not have exactly the keys of its English file.
 */
export async function collectText(roots: readonly string[] = ['src']): Promise<Map<Locale, Record<string, string>>> {
  const files = await findMessageFiles(roots);
  const folders = new Map<string, string>();
  const strings = new Map<string, Record<string, string>>();
  for (const f of files) {
    const folder = relative(process.cwd(), resolve(f.path, '..'));
    if ((folders.get(f.set) ?? folder) !== folder) throw new Error(`message set "${f.set}" is declared in ${folders.get(f.set)} and in ${folder}`);
    folders.set(f.set, folder);
    const mod = (await import(pathToFileURL(resolve(f.path)).href)) as { default?: Record<string, unknown> };
    const texts = mod.default ?? {};
    for (const [k, v] of Object.entries(texts)) if (typeof v !== 'string') throw new Error(`${f.path}: ${k} is not a string`);
    strings.set(`${f.set}.${f.locale}`, texts as Record<string, string>);
  }
  const catalogs = new Map<Locale, Record<string, string>>(LOCALES.map((l) => [l, {}]));
  for (const set of folders.keys()) {
    const en = strings.get(`${set}.en`);
    if (!en) throw new Error(`message set "${set}" has no English file`);
    for (const locale of LOCALES) {
      const texts = strings.get(`${set}.${locale}`);
      if (!texts) throw new Error(`message set "${set}" has no ${locale} file in ${folders.get(set)}`);
      const missing = Object.keys(en).filter((k) => !(k in texts));
      const extra = Object.keys(texts).filter((k) => !(k in en));
      if (missing.length || extra.length)
        throw new Error(`${set}.${locale}: missing ${missing.join(', ') || 'none'}; not in English ${extra.join(', ') || 'none'}`);
      for (const k of Object.keys(en)) catalogs.get(locale)![`${set}.${k}`] = texts[k]!;
    }
  }
  return catalogs;
}

/** Where each locale's catalog is, relative to the hosted page (`assets/text-yo.<hash>.json`). */
export type TextFiles = Readonly<Record<Locale, string>>;

/** Writes each locale's catalog as `<outDir>/assets/text-<locale>.<hash>.json` and `text.json`, the map to them. */
export async function writeText(outDir: string, roots: readonly string[] = ['src']): Promise<TextFiles> {
  const files: Partial<Record<Locale, string>> = {};
  for (const [locale, catalog] of await collectText(roots)) {
    const json = JSON.stringify(catalog);
    const name = `assets/text-${locale}.${createHash('sha256').update(json).digest('base64url').slice(0, 10)}.json`;
    await writeFile(join(outDir, name), json);
    files[locale] = name;
  }
  await writeFile(join(outDir, 'text.json'), JSON.stringify(files));
  return files as TextFiles;
}
