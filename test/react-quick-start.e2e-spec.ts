import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { Browser, Page } from 'playwright-core';
import { eventually } from './support/eventually';
import { launchChromium } from './support/demo-page';
import { freePort, RunningApi, RunningProcess, startApi, startWorker } from './support/processes';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';

const run = promisify(execFile);
const ROOT = join(__dirname, '..');
/** Inside the repository, so that the scratch app finds the third-party packages in the repository's node_modules. */
const APP = join(ROOT, 'test-output/quick-start/app');
const PACKAGES = ['realtime', 'react', 'react-ui', 'tiptap'];
const wait = { timeout: 15_000 };

/** The code blocks of docs/react.md marked with a file name: ```tsx file=src/App.tsx */
function quickStartFiles(): Array<{ file: string; code: string }> {
  const page = readFileSync(join(ROOT, 'docs/react.md'), 'utf8');
  return [...page.matchAll(/^```\w+ file=(\S+)\n([\s\S]*?)^```$/gm)].map(([, file, code]) => ({ file, code }));
}

/**
 * docs/react.md's quick start as a new user would follow it: its blocks are the app (setup script, token server, page),
 * built from the packed packages and run against a real API and worker in Chromium. When the page's code stops
 * working, this fails.
 */
describe('the React quick start, as docs/react.md writes it', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let worker: RunningProcess;
  let server: ChildProcess;
  let browser: Browser;
  let appUrl: string;
  const timings: Record<string, number> = {};
  const consoleErrors: string[] = [];

  async function timed<T>(name: string, step: () => Promise<T>): Promise<T> {
    const started = Date.now();
    try {
      return await step();
    } finally {
      timings[name] = Date.now() - started;
    }
  }
  async function open(userId: string): Promise<{ page: Page; warnings: string[] }> {
    const page = await (await browser.newContext()).newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${userId}: ${message.text()}`);
      if (message.type() === 'warning') warnings.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(`${userId}: ${error.message}`));
    await page.goto(`${appUrl}/?user=${userId}`);
    return { page, warnings };
  }

  beforeAll(async () => {
    rmSync(APP, { recursive: true, force: true });
    const files = quickStartFiles();
    expect(files.map(({ file }) => file).sort()).toEqual([
      'dist/index.html',
      'server.mjs',
      'setup.mjs',
      'src/App.tsx',
      'src/main.tsx',
    ]);
    for (const { file, code } of files) {
      mkdirSync(dirname(join(APP, file)), { recursive: true });
      writeFileSync(join(APP, file), code);
    }
    // What a new app's scaffolding has (Vite's, say): its package.json, a tsconfig.json, and CSS imports declared.
    writeFileSync(join(APP, 'package.json'), JSON.stringify({ name: 'your-app', private: true, type: 'module' }));
    writeFileSync(
      join(APP, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'bundler',
          jsx: 'react-jsx',
          strict: true,
          skipLibCheck: true,
          noEmit: true,
        },
        include: ['src'],
      }),
    );
    writeFileSync(join(APP, 'src/styles.d.ts'), "declare module '*.css';\n");
    // The page's step 1: the packed packages, installed as from a registry; their own dependencies come from npm's
    // cache where `npm ci` put them (else the registry), their peers (React, Tiptap, Yjs) from the repository's node_modules above the app.
    await timed('pack and install', async () => {
      const { stdout } = await run(
        'npm',
        ['pack', '--json', '--pack-destination', APP, ...PACKAGES.map((name) => `./packages/${name}`)],
        { cwd: ROOT },
      );
      const tarballs = (JSON.parse(stdout) as Array<{ filename: string }>).map(({ filename }) => `./${filename}`);
      await run(
        'npm',
        [
          'install',
          '--prefer-offline',
          '--legacy-peer-deps',
          '--ignore-scripts',
          '--no-audit',
          '--no-fund',
          ...tarballs,
        ],
        { cwd: APP },
      );
    });
    // The page's code type-checks against the packed packages' declarations.
    await timed('type-check', () => run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', APP]));
    await timed('bundle', () =>
      build({
        absWorkingDir: APP,
        entryPoints: ['src/main.tsx'],
        outdir: 'dist',
        bundle: true,
        format: 'esm',
        target: 'es2022',
        jsx: 'automatic',
        define: { 'process.env.NODE_ENV': '"development"' },
        logLevel: 'warning',
      }),
    );
    world = await createTestEnvironment();
    [api, worker] = await Promise.all([startApi(world.env), startWorker(world.env)]);
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;
    const { stdout }: { stdout: string } = await timed('setup.mjs', () =>
      run(process.execPath, ['setup.mjs'], {
        cwd: APP,
        env: { ...process.env, COLLAB_URL: api.url, APP_ORIGIN: appUrl },
      }),
    );
    const credentials = Object.fromEntries(
      stdout
        .trim()
        .split('\n')
        .map((line): [string, string] => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(Object.keys(credentials)).toEqual(['COLLAB_API_KEY', 'COLLAB_AUTH_TOKEN']);
    server = spawn(process.execPath, ['server.mjs'], {
      cwd: APP,
      env: { ...process.env, ...credentials, COLLAB_URL: api.url, PORT: String(port) },
      stdio: 'inherit',
    });
    await eventually(async () => expect((await fetch(appUrl)).status).toBe(200), {
      timeoutMs: 20_000,
      intervalMs: 100,
    });
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    console.log(`quick start: ${JSON.stringify(timings)} (ms)`);
    await browser?.close();
    server?.kill('SIGTERM');
    await Promise.all([api?.stop(), worker?.stop()]);
    await world?.dispose();
  });

  it('two users see each other, edit the same text and comment on it; nothing is logged as an error', async () => {
    const alice = (await open('alice')).page;
    const bob = (await open('bob')).page;
    for (const [page, other] of [
      [alice, 'bob'],
      [bob, 'alice'],
    ] as const)
      await page.waitForSelector(`.collab-avatars [data-user-id=${other}]`, wait);
    await alice.waitForSelector('.ProseMirror', wait);
    await alice.click('.ProseMirror');
    await alice.keyboard.type('Ship the roadmap in March.');
    // The text, without the carets' name labels drawn in it.
    await bob.waitForFunction(
      "document.querySelector('.ProseMirror p')?.firstChild?.textContent === 'Ship the roadmap in March.'",
      undefined,
      wait,
    );
    await bob.waitForFunction(
      "[...document.querySelectorAll('.collaboration-carets__label')].some((label) => label.textContent === 'Alice')",
      undefined,
      wait,
    );
    const composer = alice.getByRole('combobox', { name: 'New comment' });
    await composer.fill('Looks good to me');
    await composer.press('Enter');
    await bob.getByRole('article', { name: 'Thread by Alice' }).filter({ hasText: 'Looks good to me' }).waitFor(wait);
    expect(consoleErrors).toEqual([]);
  });

  it('a user who is not a member is told why, on the page and once in the console with the fix', async () => {
    const { page, warnings } = await open('mallory');
    const alert = page.getByRole('alert');
    await alert.waitFor(wait);
    expect(await alert.textContent()).toMatch(/^This document is not open to you: .+/);
    await eventually(() =>
      expect(warnings.filter((warning) => warning.includes('"roadmap"') && warning.includes('To fix:'))).toHaveLength(
        1,
      ),
    );
    expect(warnings.join('\n')).toContain('PERMISSION_DENIED');
  });
});
