// `npm start` runs this before the server: it builds the web app only when what the build reads has changed since
// the build in dist/ (a hash of the inputs, kept in dist/.build-stamp), so a second start waits for nothing. A
// timestamp would be fooled by a checkout or a copy; a hash is not. `--force` builds regardless.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(web, '..', '..');
const dist = join(web, 'dist');
const stampFile = join(dist, '.build-stamp');

/** What the build reads: the app, its shared package, its configuration and the locked dependencies. */
const INPUTS = [
  join(web, 'src'),
  join(web, 'public'),
  join(web, 'index.html'),
  join(web, 'vite.config.ts'),
  join(web, 'mantine-css.ts'),
  join(web, 'tsconfig.json'),
  join(web, 'package.json'),
  join(web, 'scripts', 'precompress.mjs'),
  join(root, 'packages', 'shared', 'src'),
  join(root, 'packages', 'shared', 'package.json'),
  join(root, 'package-lock.json'),
];
/** Tests are not built into dist/: changing one needs no new build. */
const NOT_BUILT = /\.test\.tsx?$/;

function files(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { recursive: true })
    .map((name) => join(path, String(name)))
    .filter((file) => statSync(file).isFile() && !NOT_BUILT.test(file));
}

function inputsHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(files).sort()) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  // Vite builds VITE_* variables into the bundle: a different value is a different build.
  for (const key of Object.keys(process.env)
    .filter((k) => k.startsWith('VITE_'))
    .sort()) {
    hash.update(`${key}=${process.env[key]}\0`);
  }
  return hash.digest('hex');
}

const hash = inputsHash();
const built = existsSync(join(dist, 'index.html')) && existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : null;
if (built === hash && !process.argv.includes('--force')) {
  console.log(`web: apps/web/dist is up to date with its sources (${hash.slice(0, 12)}); build skipped`);
  process.exit(0);
}

console.log(built === null ? 'web: no build in apps/web/dist yet; building' : 'web: sources changed; rebuilding');
// No stamp while building: a build cut short must not pass for a finished one.
rmSync(stampFile, { force: true });
const run = spawnSync('npm', ['run', 'build'], { cwd: web, stdio: 'inherit', shell: process.platform === 'win32' });
if (run.status !== 0) process.exit(run.status ?? 1);
writeFileSync(stampFile, hash);
