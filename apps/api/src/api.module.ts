import { Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { AuthModule } from '@app/auth';
import { AppLoggerModule, ConfigModule, createValidationPipe, EnvelopeExceptionFilter, RequestEnvelopeInterceptor } from '@app/common';
import { CommentModule } from '@app/comment/comment.module';
import { DatabaseModule } from '@app/database';
import { DocumentModule } from '@app/document/document.module';
import { HealthModule } from '@app/health';
import { OrganizationModule } from '@app/organization/organization.module';
import { QueueModule } from '@app/queue';
import { RateLimitModule } from '@app/rate-limit';
import { LiveStateModule } from '@app/live-state/live-state.module';
import { MigrationModule } from '@app/migration/migration.module';
import { MetricsModule } from '@app/metrics';
import { PresenceModule } from '@app/presence/presence.module';
import { RealtimeHubModule } from '@app/realtime/realtime-hub.module';
import { RealtimeModule } from '@app/realtime/realtime.module';
import { RedisModule } from '@app/redis';
import { UserModule } from '@app/user/user.module';
import { WebhookModule } from '@app/webhook/webhook.module';
import { WorkspaceModule } from '@app/workspace/workspace.module';

/** HTTP API: controllers and queue producers. It never registers a queue processor. */
@Module({
  imports: [
    ConfigModule,
    AppLoggerModule,
    DatabaseModule,
    RedisModule,
    QueueModule.forProducers(),
    RateLimitModule,
    AuthModule,
    HealthModule,
    MetricsModule.forApi(),
    WorkspaceModule,
    OrganizationModule,
    DocumentModule,
    MigrationModule,
    RealtimeHubModule,
    UserModule,
    PresenceModule,
    LiveStateModule,
    RealtimeModule,
    WebhookModule,
    CommentModule,
  ],
  providers: [
    { provide: APP_PIPE, useFactory: createValidationPipe },
    { provide: APP_FILTER, useClass: EnvelopeExceptionFilter },
    { provide: APP_INTERCEPTOR, useClass: RequestEnvelopeInterceptor },
  ],
})
export class ApiModule {}
