import { createHash } from 'node:crypto';
import { Pool } from 'pg';
import { DataSource, EntityManager } from 'typeorm';
import { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

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

/** pg's pool behind `runner` when the statement runs outside a transaction, else undefined. */
function poolOf(runner: DataSource | EntityManager): Pool | undefined {
  const dataSource = runner instanceof DataSource ? runner : runner.queryRunner ? undefined : runner.connection;
  return dataSource?.driver instanceof PostgresDriver ? (dataSource.driver.master as Pool) : undefined;
}

/**
 * Runs a prepared statement. Outside a transaction it goes straight to pg's pool: TypeORM's
 * per-query runner (connect, broadcaster, release) cost ~0.1 ms of CPU per hot read. Inside one it
 * runs on the transaction's connection, TypeORM passing the named query config through to pg.
 */
export async function queryPrepared<T>(
  runner: DataSource | EntityManager,
  statement: PreparedStatement,
  params: unknown[],
): Promise<T[]> {
  const pool = poolOf(runner);
  if (!pool) return runner.query<T[]>(statement as unknown as string, params);
  const result = await pool.query({ name: statement.name, text: statement.text, values: params });
  return result.rows as T[];
}

/**
 * A prepared statement outside a transaction, each row as its column values in SELECT order. pg
 * builds no object per row: in an app with many statements, pg's copy of one empty row object per
 * result row takes V8's slow generic path, the largest pg cost of a listing read.
 */
export async function queryPreparedValues<T extends readonly unknown[]>(
  dataSource: DataSource,
  statement: PreparedStatement,
  params: unknown[],
): Promise<T[]> {
  const pool = poolOf(dataSource);
  if (!pool) throw new Error('queryPreparedValues needs the PostgreSQL pool');
  const result = await pool.query<unknown[]>({
    name: statement.name,
    text: statement.text,
    values: params,
    rowMode: 'array',
  });
  return result.rows as unknown as T[];
}
