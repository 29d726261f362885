import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '@app/common';

/** Rows one transaction deletes: short transactions, so the sweep never holds locks for long. */
const DELETE_BATCH = 1000;

/**
 * Deletes comment change-log rows older than COMMENT_CHANGE_RETENTION_S, oldest seq first, and moves
 * the horizon (comment_change_horizon) past every row it deleted, in the same transaction. It takes
 * the log's head a batch at a time and stops at the first batch holding a row still inside the
 * window, so a sweep reads what it deletes plus one batch, however long the log.
 */
@Injectable()
export class CommentChangeRetentionSweeper {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  /** Returns how many change-log rows were deleted. */
  async sweep(now = Date.now()): Promise<number> {
    const cutoff = new Date(now - this.config.commentChangeRetentionSeconds * 1000);
    let deleted = 0;
    for (;;) {
      const count = await this.dataSource.transaction(async (manager) => {
        const [{ horizon, n }] = await manager.query<Array<{ horizon: string | null; n: number }>>(
          `WITH gone AS (
             DELETE FROM comment_change WHERE seq IN (SELECT seq FROM comment_change ORDER BY seq LIMIT $2) AND created_at < $1
             RETURNING seq)
           SELECT max(seq)::text AS horizon, count(*)::int AS n FROM gone`,
          [cutoff, DELETE_BATCH],
        );
        if (horizon !== null)
          await manager.query(
            `INSERT INTO comment_change_horizon (id, seq) VALUES (1, $1)
             ON CONFLICT (id) DO UPDATE SET seq = GREATEST(comment_change_horizon.seq, EXCLUDED.seq)`,
            [horizon],
          );
        return n;
      });
      deleted += count;
      if (count < DELETE_BATCH) return deleted;
    }
  }
}
