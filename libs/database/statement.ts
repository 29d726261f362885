import { EntityManager } from 'typeorm';

export interface StatementResult<T> {
  rows: T[];
  affected: number;
}

/**
 * Runs one SQL statement on the transaction of `manager`. EntityManager.query answers UPDATE and
 * DELETE with `[rows, count]` but SELECT and INSERT with bare rows; this gives both shapes one form.
 */
export async function runStatement<T = Record<string, unknown>>(
  manager: EntityManager,
  sql: string,
  params: unknown[] = [],
): Promise<StatementResult<T>> {
  if (!manager.queryRunner) throw new Error('runStatement needs the EntityManager of a transaction');
  const result = await manager.queryRunner.query(sql, params, true);
  return { rows: (result.records ?? []) as T[], affected: result.affected ?? 0 };
}
