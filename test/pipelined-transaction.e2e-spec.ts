import { Pool, PoolClient } from 'pg';
import { PipelinedTransaction } from '../libs/database/pipelined-transaction';
import { ADMIN_DATABASE_URL } from './support/test-environment';

/**
 * PipelinedTransaction (libs/database, the event outbox's transaction) against PostgreSQL: statements
 * sent unawaited behind START TRANSACTION and ahead of COMMIT are all checked before the commit is
 * reported, and a failed one rolls everything back (PostgreSQL answers that COMMIT with ROLLBACK).
 */
describe('PipelinedTransaction', () => {
  let pool: Pool;
  let client: PoolClient;

  beforeAll(async () => {
    pool = new Pool({ connectionString: ADMIN_DATABASE_URL, max: 1 });
    client = await pool.connect();
    await client.query('CREATE TEMP TABLE pipelined (id int PRIMARY KEY)');
  });

  afterAll(async () => {
    client.release();
    await pool.end();
  });

  beforeEach(() => client.query('TRUNCATE pipelined'));

  async function ids(): Promise<number[]> {
    return (await client.query<{ id: number }>('SELECT id FROM pipelined ORDER BY id')).rows.map((row) => row.id);
  }

  function insert(transaction: PipelinedTransaction, id: number) {
    return transaction.send({ text: 'INSERT INTO pipelined (id) VALUES ($1)', values: [id] });
  }

  it('commits what was sent unawaited, and leaves the client idle and unpipelined', async () => {
    const transaction = PipelinedTransaction.begin(client);
    expect(client.pipeline).toBe(true);
    void insert(transaction, 1);
    void insert(transaction, 2);
    await transaction.commit();
    transaction.close();
    expect(client.pipeline).toBe(false);
    expect(await ids()).toEqual([1, 2]);
  });

  it('fails the commit with the error of an unawaited statement, and keeps none of the transaction', async () => {
    const transaction = PipelinedTransaction.begin(client);
    void insert(transaction, 1);
    void insert(transaction, 1);
    void insert(transaction, 2);
    await expect(transaction.commit()).rejects.toMatchObject({ code: '23505' });
    await transaction.rollback();
    transaction.close();
    expect(await ids()).toEqual([]);
  });

  it('rolls back what was sent when the work fails (so START TRANSACTION went first), and refuses statements once ended', async () => {
    const transaction = PipelinedTransaction.begin(client);
    void insert(transaction, 1);
    await transaction.rollback();
    transaction.close();
    expect(() => insert(transaction, 2)).toThrow('The transaction has ended');
    expect(await ids()).toEqual([]);
  });
});
