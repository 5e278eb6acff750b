import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { existsSync } from 'node:fs';

/** Where Debian's Chromium lives, or TENDER_CHROMIUM. */
export const chromiumPath = process.env.TENDER_CHROMIUM || '/usr/bin/chromium';

// Without the background-networking flags Chromium keeps dialling out, and this machine has no network.
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Launches headless Debian Chromium through playwright-core; never downloads a browser. */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}: run \`apt-get update && apt-get install -y chromium\` or set TENDER_CHROMIUM`);
  }
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: [...FLAGS, ...extraArgs] });
}

/**
 * Launches Chromium with a profile of its own in `userDataDir` (where a test writes a payer's settings, such as
 * the font size, in `Default/Preferences`), as one context.
 */
export function launchWithProfile(userDataDir: string, options: { viewport: { width: number; height: number } }): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { executablePath: chromiumPath, headless: true, args: FLAGS, ...options });
}
