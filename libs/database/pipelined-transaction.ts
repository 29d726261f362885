import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PoolClient, QueryConfig, QueryResult, QueryResultRow } from 'pg';
import { DataSource, EntityManager } from 'typeorm';

/**
 * One transaction on a pg client in pipeline mode: each statement is written at once, without waiting
 * for the answers before it, and every statement is checked before the transaction reports its commit.
 * START TRANSACTION thus travels with the first statement and COMMIT with the last ones. An error
 * aborts the transaction and PostgreSQL answers the COMMIT behind it with ROLLBACK, not an error, so
 * `commit` fails unless PostgreSQL answered COMMIT, with the first statement's error that aborted it.
 */
export class PipelinedTransaction {
  private readonly sent: Promise<void>[] = [];
  private failure: Error | undefined;
  private ended = false;

  private constructor(private readonly client: PoolClient) {}

  /**
   * Turns pipelining on for `client`, checked out for this transaction alone, and sends START
   * TRANSACTION. `pipeline` is pg's own switch (read-only in its types), read each time a query is sent.
   */
  static begin(client: PoolClient): PipelinedTransaction {
    Object.assign(client, { pipeline: true });
    const transaction = new PipelinedTransaction(client);
    void transaction.send('START TRANSACTION');
    return transaction;
  }

  /** Sends a statement behind those already sent; its answer is also checked at commit, so it may go unawaited. */
  send<R extends QueryResultRow>(config: QueryConfig | string): Promise<QueryResult<R>> {
    if (this.ended) throw new Error('The transaction has ended: no statement may follow its COMMIT or ROLLBACK');
    const answer = this.client.query<R>(config);
    this.sent.push(
      answer.then(
        () => undefined,
        (error: Error) => void (this.failure ??= error),
      ),
    );
    return answer;
  }

  /** Sends COMMIT behind the statements in flight and waits for every answer. */
  async commit(): Promise<void> {
    const commit = this.send('COMMIT');
    this.ended = true;
    await Promise.all(this.sent);
    const answer = await commit.catch(() => undefined);
    if (answer?.command !== 'COMMIT')
      throw this.failure ?? new Error('PostgreSQL rolled the transaction back at COMMIT');
  }

  /** Sends ROLLBACK (unless the transaction already ended) and waits for every answer, so the client is idle again. */
  async rollback(): Promise<void> {
    if (!this.ended) {
      const rollback = this.send('ROLLBACK');
      this.ended = true;
      await rollback.catch(() => undefined);
    }
    await Promise.all(this.sent);
  }

  /** Pipelining off again, before the client goes back to the pool. */
  close(): void {
    Object.assign(this.client, { pipeline: false });
  }
}

const byManager = new WeakMap<EntityManager, PipelinedTransaction>();

/** The pipelined transaction `manager` belongs to, if it belongs to one. */
export function pipelinedTransactionOf(manager: EntityManager): PipelinedTransaction | undefined {
  return byManager.get(manager);
}

/** What runs work in one transaction: PipelinedTransactions in the apps. */
export interface TransactionRunner {
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T>;
}

/**
 * Transactions on a pipelined client of TypeORM's pool, for the event outbox. The work gets an
 * EntityManager of that client: runStatement, queryPrepared and sendPrepared (./statement.ts) send on
 * the pipelined transaction, and TypeORM's own operations use the same client. Only the transaction's
 * own client is pipelined, and only while it runs; pg refuses cursors and streams on it.
 */
@Injectable()
export class PipelinedTransactions implements TransactionRunner {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    try {
      const transaction = PipelinedTransaction.begin((await runner.connect()) as PoolClient);
      // TypeORM's bookkeeping of a transaction it did not start: its save() then opens none of its own,
      // and a nested transaction is a savepoint, as under DataSource.transaction.
      Object.assign(runner, { isTransactionActive: true, transactionDepth: 1 });
      byManager.set(runner.manager, transaction);
      try {
        const value = await work(runner.manager);
        await transaction.commit();
        return value;
      } catch (error) {
        await transaction.rollback();
        throw error;
      } finally {
        transaction.close();
      }
    } finally {
      await runner.release();
    }
  }
}
