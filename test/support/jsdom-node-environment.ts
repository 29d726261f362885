import JsdomEnvironment from 'jest-environment-jsdom';

/**
 * jsdom for React rendering, with the Node globals an e2e suite's own helpers need beside it (pg's TextEncoder,
 * fetch for the API's routes); packages resolve to their Node builds, as the rest of the suite runs in Node.
 */
export default class JsdomNodeEnvironment extends JsdomEnvironment {
  constructor(...args: ConstructorParameters<typeof JsdomEnvironment>) {
    const [config, context] = args;
    super(
      {
        ...config,
        projectConfig: {
          ...config.projectConfig,
          testEnvironmentOptions: { customExportConditions: ['node', 'require', 'default'] },
        },
      },
      context,
    );
    const names = [
      'TextEncoder',
      'TextDecoder',
      'fetch',
      'Request',
      'Response',
      'Headers',
      'FormData',
      'setImmediate',
      'clearImmediate',
      'structuredClone',
      'ReadableStream',
    ] as const;
    for (const name of names) Object.assign(this.global, { [name]: globalThis[name] });
  }
}
