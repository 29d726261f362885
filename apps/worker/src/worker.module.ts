import { DynamicModule, Module } from '@nestjs/common';
import { AgentWorkerModule } from '@app/agent';
import { ActivityWorkerModule } from '@app/activity';
import { MemoryWorkerModule } from '@app/ai-memory';
import { AppLoggerModule, ConfigModule } from '@app/common';
import { CommentWorkerModule } from '@app/comment';
import { DatabaseModule } from '@app/database';
import { EmailWorkerModule } from '@app/email';
import { EVENT_SINKS } from '@app/event-sinks';
import { EventsModule } from '@app/events';
import { MetricsModule } from '@app/metrics';
import { MigrationWorkerModule } from '@app/migration';
import { QueueModule, QueueSettings } from '@app/queue';
import { RealtimeEmitterModule } from '@app/realtime-hub';
import { RedisModule } from '@app/redis';
import { UserDataWorkerModule } from '@app/user-data';
import { WebhookWorkerModule } from '@app/webhook';
import { WorkflowWorkerModule } from '@app/workflow';
import { WorkspaceWorkerModule } from '@app/workspace';

/**
 * The modules holding the processors, one per domain that has any. Each processor starts its worker
 * only when this process serves its queue (WORKER_QUEUES), so each queue can scale on its own; main.ts
 * refuses to run when a served queue has no processor.
 */
const PROCESSOR_MODULES = [
  WorkspaceWorkerModule,
  WebhookWorkerModule,
  MigrationWorkerModule,
  UserDataWorkerModule,
  ActivityWorkerModule,
  CommentWorkerModule,
  EmailWorkerModule,
  WorkflowWorkerModule,
  MemoryWorkerModule,
  AgentWorkerModule,
];

@Module({})
export class WorkerModule {
  static forQueues(queues: QueueSettings): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule,
        AppLoggerModule,
        DatabaseModule,
        RedisModule,
        QueueModule.forWorkers(queues),
        RealtimeEmitterModule,
        EventsModule.forRoot(EVENT_SINKS),
        MetricsModule.forWorker(),
        ...PROCESSOR_MODULES,
      ],
    };
  }
}
