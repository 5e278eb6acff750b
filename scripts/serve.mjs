// `npm run serve`: the Tender server alone, as a merchant deploys it, configured only by the environment.
// Builds dist/ first when it is missing, then runs the bundled entry with the same environment.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'dist/server/src/server/serve.js');
const needed = [entry, join(root, 'dist/checkout/index.html')];
// The loader is built only once its source exists.
if (existsSync(join(root, 'widget/tender.ts'))) needed.push(join(root, 'dist/tender.js'));

if (!needed.every((file) => existsSync(file))) {
  console.log('dist/ is missing or incomplete: running npm run build first');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const built = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit', env: process.env });
  if (built.status !== 0 || !existsSync(entry)) {
    console.error('npm run serve: the build failed; fix it and run npm run serve again');
    process.exit(built.status || 1);
  }
}

// Same process, same environment: the entry reads process.env and handles SIGINT/SIGTERM itself.
await import(pathToFileURL(entry).href);
