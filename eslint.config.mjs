// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      '*.mjs',
      '*.js',
      '*.cjs',
      'packages/*/dist/**',
      'packages/*/build.mjs',
      'demo/public/**',
      'test-output/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    // CommonJS scripts, loadable both by the ES-module scripts and by Jest's CommonJS test runtime.
    files: ['scripts/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', process: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Request bodies come in through @Data() with a DTO, which checks the envelope, validates, and documents the route.
    files: ['apps/**/*.ts', 'libs/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Body', 'Query'].map((name) => ({
          selector: `Decorator > CallExpression[callee.name='${name}']`,
          message: `@${name}() bypasses the envelope check and DTO validation: take the request's data with @Data() and a DTO class.`,
        })),
      ],
    },
  },
);
