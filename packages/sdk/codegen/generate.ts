import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OpenApiDocument, renderOperations } from './render';

/** `node dist/packages/sdk/codegen/generate.js <url of /docs/json>` rewrites src/generated/operations.ts. */
async function main(): Promise<void> {
  const url = process.argv[2] ?? 'http://127.0.0.1:3000/docs/json';
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const document = (await response.json()) as OpenApiDocument;
  const target = join(__dirname, '../../../../packages/sdk/src/generated/operations.ts');
  writeFileSync(target, renderOperations(document));
  console.log(`wrote ${target}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
