import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfigOrExit } from '@app/common';
import { repairUndecodableParts } from '@app/crdt';
import { databaseOptions } from '@app/database';

/**
 * `npm run crdt:repair [-- --dry-run]`: finds the stored CRDT parts Yjs cannot decode and repairs
 * them (libs/crdt/crdt-repair.ts), one JSON line per part found, then a summary line.
 */
async function main(): Promise<void> {
  const dryRun = process.argv.includes('--dry-run');
  const dataSource = await new DataSource(databaseOptions(loadConfigOrExit())).initialize();
  try {
    const count = await repairUndecodableParts(dataSource, {
      dryRun,
      found: (part) =>
        process.stdout.write(`${JSON.stringify({ ...part.key, where: part.where, bytes: part.bytes })}\n`),
    });
    process.stdout.write(`${JSON.stringify({ undecodable: count, repaired: dryRun ? 0 : count })}\n`);
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`crdt:repair failed: ${String(error)}\n`);
  process.exit(1);
});
