/** Unit specs sit beside the code; e2e suites under test/ drive the compiled apps as real processes; test/docs checks the documentation. */
const shared = {
  transform: {
    '^.+\\.ts$': ['@swc/jest'],
    '^.+\\.tsx$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
    ],
    // Nest 12 and htmlparser2 12 (with its DOM packages) ship only ES modules; Jest's module system cannot require them, so swc turns them into CommonJS.
    '^.+/node_modules/(?:@nestjs|htmlparser2|domhandler|domelementtype|domutils|dom-serializer|entities)/.+\\.js$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  transformIgnorePatterns: [
    '/node_modules/(?!(?:@nestjs|htmlparser2|domhandler|domelementtype|domutils|dom-serializer|entities)/)',
  ],
  // The browser client's sources import siblings as `./room.js` (ES modules in the browser); Jest resolves them to the .ts.
  moduleNameMapper: {
    '^@app/(.*)$': '<rootDir>/libs/$1',
    '^(\\./(?:client|room|listeners|types))\\.js$': '$1',
    // The React packages import the others by package name, as an app does; Jest takes their sources.
    '^@collab-backend/(realtime|react|react-ui|tiptap)$': '<rootDir>/packages/$1/src/index.ts',
    '^@collab-backend/react/shared-doc$': '<rootDir>/packages/react/src/shared-doc.ts',
  },
  testEnvironment: 'node',
};

module.exports = {
  maxWorkers: 2,
  // Jest reads testTimeout only at the top level, not per project.
  testTimeout: 60_000,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/libs/**/*.spec.ts',
        '<rootDir>/apps/**/*.spec.ts',
        '<rootDir>/packages/*/src/**/*.spec.ts',
        '<rootDir>/packages/*/codegen/**/*.spec.ts',
        '<rootDir>/demo/**/*.spec.ts',
      ],
    },
    { ...shared, displayName: 'e2e', testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'], slowTestThreshold: 30 },
    // The hooks again on React 18, which the packages declare beside 19: react and react-dom come from test/react-18.
    {
      ...shared,
      displayName: 'e2e-react-18',
      testMatch: ['<rootDir>/test/react-hooks.e2e-spec.ts'],
      moduleNameMapper: {
        ...shared.moduleNameMapper,
        '^(react|react-dom)(/.*)?$': '<rootDir>/test/react-18/node_modules/$1$2',
      },
    },
    // README, CONTRIBUTING.md and docs/ against the code they describe: no build, no services.
    { ...shared, displayName: 'docs', testMatch: ['<rootDir>/test/docs/*.spec.ts'] },
  ],
};
