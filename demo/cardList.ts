// The test cards `npm start` prints: every sandbox card, as README's "Sandbox test cards" lists them.
import type { TestCard } from './sandbox/testCards';

/**
 * One line per test card, number grouped by four and its description; the slow-answer card also says how long the
 * payer waits (the Tender server's upstream time-out), after which Tender verifies and shows the real outcome.
 */
export function testCardLines(cards: readonly TestCard[], upstreamTimeoutMs: number): string {
  return cards
    .map((c) => {
      const wait = c.behaviour === 'hang' ? `; Tender waits ${Math.round(upstreamTimeoutMs / 1000)} s for it, then verifies` : '';
      return `    ${c.number.replace(/(\d{4})(?=\d)/g, '$1 ').padEnd(24)} ${c.description}${wait}`;
    })
    .join('\n');
}
