import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.0, 2.1 and 2.2 level A and AA rules: the checkout's bar is WCAG 2.2 AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

/** One axe violation, trimmed to what a failure message needs. */
interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly { readonly target: string; readonly html: string; readonly summary: string }[];
}

/**
 * Injects axe-core into the page. The hosted page's CSP (`script-src 'self'`) refuses inline scripts, which
 * is what `page.addScriptTag` adds (with `content` or `path` alike); `page.evaluate` runs the source through
 * the DevTools protocol, which the CSP does not govern.
 */
async function injectAxe(page: Page | Frame): Promise<void> {
  const present = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!present) await page.evaluate(AXE_SOURCE);
}

/** Runs axe over the whole document with the WCAG A/AA tags and returns the violations. */
async function axeViolations(page: Page | Frame): Promise<AxeViolation[]> {
  await injectAxe(page);
  return page.evaluate(
    async (tags) => {
      type AxeResult = {
        violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; html: string; failureSummary?: string }[] }[];
      };
      const axe = (window as unknown as { axe: { run(ctx: Document, o: unknown): Promise<AxeResult> } }).axe;
      const r = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return r.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({
          target: n.target.map(String).join(' '),
          html: n.html.slice(0, 200),
          summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
        })),
      }));
    },
    [...WCAG_TAGS],
  );
}

/** The violations as a readable report (empty string when there are none). */
function formatViolations(state: string, violations: readonly AxeViolation[]): string {
  return violations
    .map((v) => `[${state}] ${v.id} (${v.impact}): ${v.help}\n` + v.nodes.map((n) => `    ${n.target}: ${n.html}\n      ${n.summary}`).join('\n'))
    .join('\n');
}

/**
 * Checks the page in its current state under the light and the dark colour scheme; returns every violation
 * found as one report (empty when clean), so a test can assert it with a message that names the state. The page
 * is left in the light scheme.
 */
export async function axeReport(page: Page, state: string, schemes: readonly ('light' | 'dark')[] = ['light', 'dark']): Promise<string> {
  const reports: string[] = [];
  for (const colorScheme of schemes) {
    await page.emulateMedia({ colorScheme });
    // Let a colour transition (if any) end before contrast is measured.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const report = formatViolations(`${state}, ${colorScheme}`, await axeViolations(page));
    if (report) reports.push(report);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return reports.join('\n');
}

/** Checks a page or a frame (the loader's iframe) as it is now, in the scheme the browser has; '' when clean. */
export async function axeReportNow(target: Page | Frame, state: string): Promise<string> {
  return formatViolations(state, await axeViolations(target));
}
