/** Types of scripts/browser.cjs for the TypeScript tests. */
export declare function findBrowser(env?: NodeJS.ProcessEnv): { path: string } | { error: string };
