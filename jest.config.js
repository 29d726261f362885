/** Unit specs sit beside the code; e2e suites under test/ drive the compiled apps as real processes. */
const shared = {
  transform: { '^.+\\.ts$': ['@swc/jest'] },
  moduleNameMapper: { '^@app/(.*)$': '<rootDir>/libs/$1' },
  testEnvironment: 'node',
};

module.exports = {
  maxWorkers: 2,
  // testTimeout is a global option: inside a project entry Jest ignores it and e2e hooks got 5 s.
  testTimeout: 60_000,
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/libs/**/*.spec.ts', '<rootDir>/apps/**/*.spec.ts'] },
    { ...shared, displayName: 'e2e', testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'], testTimeout: 60_000, slowTestThreshold: 30 },
  ],
};
