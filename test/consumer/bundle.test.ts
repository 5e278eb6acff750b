// The packed package as a storefront's build sees it: a Vite app bundles the browser entry (and nothing of the
// server, of Preact or of React), and publint and @arethetypeswrong/cli find no problem in the package.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { consumerRoot, run } from './support';

const repo = resolve(import.meta.dirname, '../..');

describe('the packed package in a storefront build', () => {
  it('bundles with Vite: the ESM entry only, no Preact, no React, no server code', async () => {
    const app = join(consumerRoot(), 'vite-app');
    mkdirSync(app, { recursive: true });
    writeFileSync(join(app, 'index.html'), '<!doctype html><button id="pay">Pay</button><script type="module" src="./main.js"></script>');
    writeFileSync(
      join(app, 'main.js'),
      `import { open, preload } from 'tender-checkout';
const options = { transactionReference: 'TND-1', tenderUrl: 'https://shop.example/pay' };
preload(options);
document.querySelector('#pay').addEventListener('click', () => open(options));`,
    );
    const r = await run('node', ['node_modules/vite/bin/vite.js', 'build', 'vite-app', '--logLevel', 'error']);
    expect(r.code, r.stderr).toBe(0);
    const assets = join(app, 'dist/assets');
    const js = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(assets, f), 'utf8'))
      .join('\n');
    expect(js).toContain('checkout/?');
    expect(js).toContain('needs a browser');
    for (const absent of ['preact', 'react', 'createTenderHandler', 'node:']) expect(js).not.toContain(absent);
    expect(js.length).toBeLessThan(16_000);
  });

  it('passes publint and @arethetypeswrong/cli (ESM-only profile) with no problem', async () => {
    const publint = await run('node', [join(repo, 'node_modules/publint/src/cli.js'), join(consumerRoot(), 'node_modules/tender-checkout')]);
    expect(publint.code, publint.stdout + publint.stderr).toBe(0);
    expect(publint.stdout).toContain('All good!');
    const attw = await run('node', [
      join(repo, 'node_modules/@arethetypeswrong/cli/dist/index.js'),
      inject('tarball'),
      '--profile',
      'esm-only',
      '--format',
      'ascii',
    ]);
    expect(attw.code, attw.stdout + attw.stderr).toBe(0);
    // CommonJS and node10 resolutions are reported as ignored (the package is ESM only); nothing else may fail.
    const problems = attw.stdout.split('\n').filter((l) => /💀|❌|🥴|⚠️/.test(l) && !l.includes('(ignored'));
    expect(problems).toEqual([]);
    expect(attw.stdout).toContain('node16 (from ESM): 🟢');
  });
});
