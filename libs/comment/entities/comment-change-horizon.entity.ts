import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * How far the retention sweep has deleted the comment change log: every deleted row's seq is at or
 * below `seq`, so a catch-up cursor below it may have missed changes and is answered "relist". One
 * row, id 1, written by the sweep; none before the first deletion.
 */
@Entity('comment_change_horizon')
export class CommentChangeHorizon {
  @PrimaryColumn({ type: 'smallint' })
  id: number;

  @Column({ type: 'bigint' })
  seq: string;
}
