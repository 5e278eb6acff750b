// `npm start` prints the same test cards as README's table (it left out the slow-answer card, 4000 0000 0000 0119).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testCardLines } from './cardList';
import { TEST_CARDS } from './sandbox/testCards';

const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
const table = readme.slice(readme.indexOf('## Sandbox test cards'), readme.indexOf('## ', readme.indexOf('## Sandbox test cards') + 3));
const readmeCards = [...table.matchAll(/^\| ([\d ]{16,}?) +\|/gm)].map((m) => m[1]!.trim());

describe('the test cards npm start prints', () => {
  const lines = testCardLines(TEST_CARDS, 15_000).split('\n');

  it("are README's, each once, in its order", () => {
    expect(readmeCards).toHaveLength(8);
    expect(lines.map((l) => /^ {4}([\d ]+?) {2,}/.exec(l)?.[1])).toEqual(readmeCards);
  });

  it('say how long the slow-answer card keeps the payer waiting', () => {
    expect(lines.find((l) => l.includes('4000 0000 0000 0119'))).toContain('; Tender waits 15 s for it, then verifies');
  });
});
