import { createHash } from 'node:crypto';
import { Pool, QueryResultRow } from 'pg';
import { DataSource, EntityManager } from 'typeorm';
import { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { pipelinedTransactionOf } from './pipelined-transaction';

export interface StatementResult<T> {
  rows: T[];
  affected: number;
}

/**
 * Runs one SQL statement on the transaction of `manager`. EntityManager.query answers UPDATE and
 * DELETE with `[rows, count]` but SELECT and INSERT with bare rows; this gives both shapes one form.
 * On a pipelined transaction (./pipelined-transaction.ts) it is sent there, past TypeORM's query runner.
 */
export async function runStatement<T = Record<string, unknown>>(
  manager: EntityManager,
  sql: string,
  params: unknown[] = [],
): Promise<StatementResult<T>> {
  const pipelined = pipelinedTransactionOf(manager);
  if (pipelined) {
    const result = await pipelined.send({ text: sql, values: params });
    return { rows: result.rows as T[], affected: result.rowCount ?? 0 };
  }
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
 * runs on the transaction's connection: sent on a pipelined transaction, else TypeORM passing the
 * named query config through to pg.
 */
export async function queryPrepared<T>(
  runner: DataSource | EntityManager,
  statement: PreparedStatement,
  params: unknown[],
): Promise<T[]> {
  const pipelined = runner instanceof EntityManager ? pipelinedTransactionOf(runner) : undefined;
  if (pipelined)
    return (await pipelined.send({ name: statement.name, text: statement.text, values: params })).rows as T[];
  const pool = poolOf(runner);
  if (!pool) return runner.query<T[]>(statement as unknown as string, params);
  const result = await pool.query({ name: statement.name, text: statement.text, values: params });
  return result.rows as T[];
}

/**
 * Sends a prepared statement on the pipelined transaction of `manager` (EventOutbox's) without waiting
 * for its answer, so that what follows, the COMMIT included, travels with it: the transaction checks
 * the answer before it reports the commit. Answers a reader of its rows, for after the commit.
 */
export function sendPrepared<T extends QueryResultRow>(
  manager: EntityManager,
  statement: PreparedStatement,
  params: unknown[],
): () => Promise<T[]> {
  const pipelined = pipelinedTransactionOf(manager);
  if (!pipelined) throw new Error('sendPrepared needs the EntityManager of a pipelined transaction');
  const answer = pipelined.send<T>({ name: statement.name, text: statement.text, values: params });
  return () => answer.then((result) => result.rows);
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
