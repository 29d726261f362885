import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser, chromium, Page } from 'playwright-core';
import { findBrowser } from '../../scripts/browser.cjs';
import type { Sandbox } from '../../demo/sandbox';
import { eventually } from './eventually';
import { freePort } from './processes';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Chromium as the browser suites drive it; without one, one line naming the fix (as `npm test`'s prerequisite check prints). */
export async function launchChromium(): Promise<Browser> {
  const found = findBrowser();
  if ('error' in found) throw Object.assign(new Error(found.error), { stack: found.error });
  return chromium.launch({ executablePath: found.path, args: CHROMIUM_ARGS });
}

export interface RunningDemo {
  url: string;
  sandbox: Sandbox;
  stop(): void;
}

/** The demo's server (dist/demo/server.js) against `apiUrl`, with a sandbox of its own; resolves once it serves the page. */
export async function startDemo(apiUrl: string): Promise<RunningDemo> {
  const stateFile = join(mkdtempSync(join(tmpdir(), 'demo-')), 'sandbox.json');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['dist/demo/server.js'], {
    env: { ...process.env, API_URL: apiUrl, DEMO_PORT: String(port), DEMO_STATE_FILE: stateFile },
    stdio: 'inherit',
  });
  await eventually(async () => expect((await fetch(url)).status).toBe(200), { timeoutMs: 20_000, intervalMs: 100 });
  return {
    url,
    sandbox: JSON.parse(readFileSync(stateFile, 'utf8')) as Sandbox,
    stop: () => void child.kill('SIGTERM'),
  };
}

/** axe-core's serious and critical violations on the page as it stands (colour contrast included), as `rule: targets`. */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"')))
    await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  return page.evaluate(async () => {
    const results = await (window as unknown as { axe: typeof import('axe-core') }).axe.run(document);
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  });
}
