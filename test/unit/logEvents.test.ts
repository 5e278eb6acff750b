// The server log's `event` codes are a closed set an operator alerts on: every one the server's code can write is in
// the README's table ("Tracing a payment"), read from the code itself so that a new one cannot be left out.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The server's source files, tests and test helpers aside. */
function serverFiles(): string[] {
  const dir = join(root, 'src/server');
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f) && !/(^|\/)test[A-Z]\w*\.ts$/.test(f))
    .map((f) => join(dir, f));
}

// A line that writes an event: `event = '…'`, `event: …`, `event ??= …`, a background `note('warn', '…')` or
// `noteRef(…)`, or the page route's `miss?.('…')`. Every snake_case literal on it is a code; a template's fixed head
// (`reconcile_final_${status}`) is a family of codes.
const WRITES = /\bevent\s*(?:\?\?=|=|:)|\bnote(?:Ref)?\(\s*'(?:info|warn|error)'|\bmiss\?\.\(/;
const CODE = /['`]([a-z]+(?:_[a-z]+)*_?)(\$\{)?/g;

function codesInSource(): { codes: Set<string>; families: Set<string> } {
  const codes = new Set<string>();
  const families = new Set<string>();
  for (const file of serverFiles()) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!WRITES.test(line) || /^\s*(\/\/|\*)/.test(line)) continue;
      for (const m of line.matchAll(CODE)) {
        if (m[2] && m[1]!.endsWith('_')) families.add(m[1]!);
        else if (!m[2] && /^[a-z]+(_[a-z]+)+$/.test(m[1]!)) codes.add(m[1]!);
      }
    }
  }
  return { codes, families };
}

/** The README's event table: the lines from "Tracing a payment" to the end of the table after it. */
function readmeTable(): string {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const start = readme.indexOf('**Tracing a payment.**');
  const tableStart = readme.indexOf('\n|', start);
  const end = readme.indexOf('\n\n', tableStart + 1);
  return readme.slice(tableStart, end);
}

describe('the log’s event codes', () => {
  it('are each in the README’s table, and the table names none the code does not write', () => {
    const { codes, families } = codesInSource();
    // The scan finds what it should: codes from the proxy, the background work, the page route and the store.
    for (const known of ['upstream_timeout', 'webhook_gave_up', 'page_verify_busy', 'store_connected']) expect(codes).toContain(known);
    for (const known of ['reconcile_final_', 'gateway_hint_']) expect(families).toContain(known);
    const table = readmeTable();
    const missing = [...codes].filter((c) => !table.includes(`\`${c}\``));
    expect(missing, 'codes the server writes that the README table does not list').toEqual([]);
    const missingFamilies = [...families].filter((f) => !table.includes(`\`${f}`));
    expect(missingFamilies).toEqual([]);
    // And the other way: a code in the table the server no longer writes misleads an alert.
    const listed = [...table.matchAll(/`([a-z]+(?:_[a-z]+)+)`/g)].map((m) => m[1]!);
    const stale = listed.filter((c) => !codes.has(c) && ![...families].some((f) => c.startsWith(f)));
    expect(stale, 'codes in the README table the server does not write').toEqual([]);
  });
});
