// `npm test` needs Debian's Chromium for the end-to-end tests. Find it (TENDER_CHROMIUM or /usr/bin/chromium);
// when it is missing, install it if we are root with apt-get, otherwise stop with the exact command to run.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const path = process.env.TENDER_CHROMIUM || '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (isRoot && hasApt && process.env.TENDER_NO_BROWSER_INSTALL !== '1') {
  console.log(`Chromium not found at ${path}; installing Debian's chromium (set TENDER_NO_BROWSER_INSTALL=1 to refuse)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (existsSync(path)) process.exit(0);
}
console.error(
  `The end-to-end tests need Chromium at ${path}.\n` +
    `Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n` +
    `or point TENDER_CHROMIUM at a Chromium binary.`,
);
process.exit(1);
