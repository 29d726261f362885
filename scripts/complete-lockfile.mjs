// Adds lock entries for optional, platform-specific packages that npm could not record because the
// registry mirror here does not serve other platforms' binaries (e.g. @swc/core-darwin-arm64).
// Without them `npm ci` refuses the lock file as out of sync. Run after changing dependencies:
//   node scripts/complete-lockfile.mjs
import { execFileSync } from 'node:child_process';
import console from 'node:console';
import { readFileSync, writeFileSync } from 'node:fs';

/** @typedef {{ version?: string; optional?: boolean; optionalDependencies?: Record<string, string> }} LockEntry */
/** @typedef {{ packages: Record<string, LockEntry> }} LockFile */

function missingFromLock() {
  try {
    execFileSync('npm', ['ci', '--dry-run', '--ignore-scripts'], { stdio: 'pipe' });
    return [];
  } catch (error) {
    return [
      ...String(/** @type {{ stderr?: unknown }} */ (error).stderr).matchAll(/Missing: (.+?)@ from lock file/g),
    ].map((match) => match[1]);
  }
}

/** @type {unknown} */
const parsed = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const lock = /** @type {LockFile} */ (parsed);
/** @type {string[]} */
const added = [];
for (const name of missingFromLock()) {
  const declaring = Object.values(lock.packages).find((meta) => meta.optionalDependencies?.[name]);
  if (!declaring)
    throw new Error(`${name} is missing from the lock file and is not an optional dependency: run npm install`);
  lock.packages[`node_modules/${name}`] = { version: declaring.optionalDependencies?.[name], optional: true };
  added.push(name);
}
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  added.length ? `added ${added.length} optional platform packages: ${added.join(', ')}` : 'lock file complete',
);
