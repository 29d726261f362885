import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ActivityHttpModule } from '@app/activity/http';
import { MemoryHttpModule } from '@app/ai-memory/http';
import { AgentHttpModule } from '@app/agent/http';
import { AiHttpModule } from '@app/ai/http';
import { AuthModule } from '@app/auth';
import { CollabHttpModule } from '@app/collab/http';
import { AccessLog, AppLoggerModule, ConfigModule } from '@app/common';
import { EnvelopeExceptionFilter } from '@app/http';
import { CommentHttpModule } from '@app/comment/http';
import { ConsoleHttpModule } from '@app/console/http';
import { DatabaseModule } from '@app/database';
import { DocumentHttpModule } from '@app/document/http';
import { EmailHttpModule } from '@app/email/http';
import { EVENT_SINKS } from '@app/event-sinks';
import { EventsModule } from '@app/events';
import { HealthModule } from '@app/health';
import { OrganizationHttpModule } from '@app/organization/http';
import { QueueModule } from '@app/queue';
import { RateLimitModule } from '@app/rate-limit';
import { LiveStateHttpModule } from '@app/live-state/http';
import { MigrationHttpModule } from '@app/migration/http';
import { MetricsHttpModule } from '@app/metrics/http';
import { NotificationHttpModule } from '@app/notification/http';
import { PresenceHttpModule } from '@app/presence/http';
import { RealtimeHubModule } from '@app/realtime-hub';
import { RealtimeModule } from '@app/realtime';
import { RedisModule } from '@app/redis';
import { UserHttpModule } from '@app/user/http';
import { UserDataHttpModule } from '@app/user-data/http';
import { WebhookHttpModule } from '@app/webhook/http';
import { WorkflowHttpModule } from '@app/workflow/http';
import { CredentialService, WorkspaceModule } from '@app/workspace';
import { WorkspaceHttpModule } from '@app/workspace/http';

/** HTTP API: controllers and queue producers. It never registers a queue processor. */
@Module({
  imports: [
    ConfigModule,
    AppLoggerModule,
    DatabaseModule,
    RedisModule,
    QueueModule.forProducers(),
    EventsModule.forRoot(EVENT_SINKS),
    RateLimitModule,
    AuthModule.withCredentials(WorkspaceModule, CredentialService),
    HealthModule,
    MetricsHttpModule,
    WorkspaceHttpModule,
    OrganizationHttpModule,
    DocumentHttpModule,
    MigrationHttpModule,
    UserDataHttpModule,
    RealtimeHubModule,
    UserHttpModule,
    PresenceHttpModule,
    LiveStateHttpModule,
    RealtimeModule,
    WebhookHttpModule,
    EmailHttpModule,
    CommentHttpModule,
    NotificationHttpModule,
    ActivityHttpModule,
    CollabHttpModule,
    WorkflowHttpModule,
    AiHttpModule,
    AgentHttpModule,
    ConsoleHttpModule,
    MemoryHttpModule,
  ],
  providers: [AccessLog, { provide: APP_FILTER, useClass: EnvelopeExceptionFilter }],
})
export class ApiModule {}
