// Where the browser suite's Chromium comes from: one lookup, used by `npm test`'s prerequisite check
// (scripts/check-prerequisites.mjs) and by test/browser-demo.e2e-spec.ts.
const { accessSync, constants } = require('node:fs');
const path = require('node:path');

/** Names a Chromium-family browser goes by on PATH (Debian, Ubuntu, Fedora, Google's packages). */
const PATH_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
/** macOS application bundles. */
const MAC_APPS = [
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

const HOW_TO_GET_ONE =
  'install Chromium (Debian/Ubuntu: `sudo apt-get install -y chromium`; macOS: `brew install --cask chromium`), ' +
  'or run `npx playwright-core install chromium`, or set CHROMIUM_PATH to a Chromium or Chrome executable';

/** @param {string} file */
function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** @returns {string | undefined} */
function playwrightManaged() {
  try {
    return require('playwright-core').chromium.executablePath();
  } catch {
    return undefined;
  }
}

/**
 * The browser to drive: CHROMIUM_PATH when set, else the first Chromium or Chrome found on PATH,
 * in a macOS application bundle, or installed by Playwright. `error` is one line naming the fix.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {{ path: string } | { error: string }}
 */
function findBrowser(env = process.env) {
  if (env.CHROMIUM_PATH) {
    return executable(env.CHROMIUM_PATH)
      ? { path: env.CHROMIUM_PATH }
      : { error: `No browser: CHROMIUM_PATH=${env.CHROMIUM_PATH} is not an executable file; ${HOW_TO_GET_ONE}.` };
  }
  const dirs = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const candidates = [
    ...PATH_NAMES.flatMap((name) => dirs.map((dir) => path.join(dir, name))),
    ...MAC_APPS,
    playwrightManaged(),
  ];
  const found = candidates.find((candidate) => candidate !== undefined && executable(candidate));
  return found
    ? { path: found }
    : { error: `No browser: no Chromium or Chrome found for the browser suite; ${HOW_TO_GET_ONE}.` };
}

module.exports = { findBrowser };
