import { DynamicModule, Module, Type } from '@nestjs/common';
import { ACTIVITY_SINK, ActivityWorkerModule } from '@app/activity';
import { AppLoggerModule, ConfigModule } from '@app/common';
import { DatabaseModule } from '@app/database';
import { EMAIL_SINK, EmailWorkerModule } from '@app/email';
import { EventsModule } from '@app/events';
import { MetricsModule } from '@app/metrics';
import { QUEUE, QueueModule, QueueName } from '@app/queue';
import { MigrationWorkerModule } from '@app/migration';
import { NOTIFICATION_SINK } from '@app/notification';
import { RealtimeEmitterModule } from '@app/realtime-hub';
import { RedisModule } from '@app/redis';
import { UserDataWorkerModule } from '@app/user-data';
import { WEBHOOK_SINK, WebhookWorkerModule } from '@app/webhook';
import { WorkspaceWorkerModule } from '@app/workspace';

/** The processor module of each queue; WORKER_QUEUES picks a subset so each queue can scale on its own. */
const PROCESSORS: Record<QueueName, Type> = {
  [QUEUE.AUDIT]: WorkspaceWorkerModule,
  [QUEUE.WEBHOOK]: WebhookWorkerModule,
  [QUEUE.MIGRATION]: MigrationWorkerModule,
  [QUEUE.USER_DATA]: UserDataWorkerModule,
  [QUEUE.ACTIVITY]: ActivityWorkerModule,
  [QUEUE.EMAIL]: EmailWorkerModule,
};

@Module({})
export class WorkerModule {
  static forQueues(queues: readonly string[] | null): DynamicModule {
    const names = (queues ?? Object.keys(PROCESSORS)) as QueueName[];
    const unknown = names.filter((name) => !PROCESSORS[name]);
    if (unknown.length > 0) throw new Error(`WORKER_QUEUES names unknown queues: ${unknown.join(', ')}`);
    return {
      module: WorkerModule,
      imports: [ConfigModule, AppLoggerModule, DatabaseModule, RedisModule, QueueModule.forWorkers(), RealtimeEmitterModule, EventsModule.forRoot([WEBHOOK_SINK, NOTIFICATION_SINK, ACTIVITY_SINK, EMAIL_SINK]), MetricsModule.forWorker(), ...new Set(names.map((name) => PROCESSORS[name]))],
    };
  }
}
