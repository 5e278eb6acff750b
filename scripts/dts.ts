// The package's declaration files: tsc emits them from the public entries (tsconfig.build.json) into dist/types/,
// then every relative import in them gets the extension Node's ESM resolution (`moduleResolution: node16`) needs,
// `./api` → `./api.js` or `./kit/index.js`: the sources are written for a bundler and leave extensions out.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

const OUT = 'dist/types';

/** Runs tsc for the declarations and rewrites their relative imports; throws when tsc reports an error. */
export async function writeDeclarations(): Promise<void> {
  await rm(OUT, { recursive: true, force: true });
  execFileSync(process.execPath, [resolve('node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  for (const file of await dtsFiles(OUT)) {
    const text = await readFile(file, 'utf8');
    // Line by line: doc comments quote imports too (`import('./messages/card.en')`), and those stay as written.
    const fixed = text
      .split('\n')
      .map((line) =>
        /^\s*(\*|\/\/|\/\*)/.test(line)
          ? line
          : line.replace(/((?:from|import)\s*\(?\s*)(['"])(\.{1,2}\/[^'"]*)\2/g, (_, before: string, q: string, spec: string) => {
              const target = resolve(dirname(file), spec);
              if (existsSync(`${target}.d.ts`)) return `${before}${q}${spec}.js${q}`;
              if (existsSync(join(target, 'index.d.ts'))) return `${before}${q}${spec}/index.js${q}`;
              throw new Error(`${file}: cannot resolve ${spec} among the declarations`);
            }),
      )
      .join('\n');
    if (fixed !== text) await writeFile(file, fixed);
  }
}

async function dtsFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await dtsFiles(full)));
    else if (entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}
