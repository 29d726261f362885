import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { AppConfig } from '@app/common';
import { QUEUE, RowJobProcessor } from '@app/queue';
import { DeletionStatus } from './entities/user-data-deletion.entity';
import { DELETE_JOB_OPTIONS, USER_DATA_JOB, UserDataDeletionJob } from './user-data-deletion.job';
import { UserDataEraser } from './user-data-eraser.service';

/** Consumer of the user-data queue: a rerun continues the deletion from its last committed batch. */
@Injectable()
export class UserDataProcessor extends RowJobProcessor<UserDataDeletionJob, DeletionStatus> {
  protected readonly queueName = QUEUE.USER_DATA;

  constructor(
    @InjectQueue(QUEUE.USER_DATA) queue: Queue<UserDataDeletionJob>,
    eraser: UserDataEraser,
    config: AppConfig,
  ) {
    super({
      queue,
      runner: eraser,
      jobName: USER_DATA_JOB.DELETE,
      sweepJobName: USER_DATA_JOB.SWEEP,
      sweepIntervalMs: config.userDataSweepIntervalMs,
      payload: (deletionId) => ({ deletionId }),
      idOf: (job) => job.deletionId,
      jobOptions: DELETE_JOB_OPTIONS,
    });
  }
}
