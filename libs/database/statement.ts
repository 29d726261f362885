import { createHash } from 'node:crypto';
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

/** A statement each pooled connection parses and plans once (a pg named statement), for hot queries. */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

const prepared = new Map<string, PreparedStatement>();

/**
 * The named form of a SQL text, named after the text so equal texts share one name (pg refuses a
 * name prepared with other text). Only for texts from a small fixed set: every connection keeps
 * each statement it prepared.
 */
export function preparedStatement(text: string): PreparedStatement {
  let statement = prepared.get(text);
  if (!statement) {
    statement = { name: `s_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`, text };
    prepared.set(text, statement);
  }
  return statement;
}

/** Runs a prepared statement; TypeORM passes its query through to pg, whose query config carries the name. */
export function queryPrepared<T>(runner: Pick<EntityManager, 'query'>, statement: PreparedStatement, params: unknown[]): Promise<T[]> {
  return runner.query<T[]>(statement as unknown as string, params);
}
