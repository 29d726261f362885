/** Unit specs sit beside the code; e2e suites under test/ drive the compiled apps as real processes. */
const shared = {
  transform: { '^.+\\.ts$': ['@swc/jest'] },
  moduleNameMapper: { '^@app/(.*)$': '<rootDir>/libs/$1' },
  testEnvironment: 'node',
};

module.exports = {
  maxWorkers: 2,
  // jest-circus reads the timeout from the global config only; a per-project value is ignored.
  testTimeout: 60_000,
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/libs/**/*.spec.ts', '<rootDir>/apps/**/*.spec.ts'] },
    { ...shared, displayName: 'e2e', testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'], slowTestThreshold: 30 },
  ],
};
