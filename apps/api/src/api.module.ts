import { Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { AuthModule } from '@app/auth';
import { AppLoggerModule, ConfigModule, createValidationPipe, EnvelopeExceptionFilter, RequestEnvelopeInterceptor } from '@app/common';
import { DatabaseModule } from '@app/database';
import { DocumentModule } from '@app/document/document.module';
import { HealthModule } from '@app/health';
import { OrganizationModule } from '@app/organization/organization.module';
import { QueueModule } from '@app/queue';
import { RateLimitModule } from '@app/rate-limit';
import { RedisModule } from '@app/redis';
import { WorkspaceModule } from '@app/workspace/workspace.module';

/** HTTP API: controllers and queue producers. It never registers a queue processor. */
@Module({
  imports: [
    ConfigModule,
    AppLoggerModule,
    DatabaseModule,
    RedisModule,
    QueueModule,
    RateLimitModule,
    AuthModule,
    HealthModule,
    WorkspaceModule,
    OrganizationModule,
    DocumentModule,
  ],
  providers: [
    { provide: APP_PIPE, useFactory: createValidationPipe },
    { provide: APP_FILTER, useClass: EnvelopeExceptionFilter },
    { provide: APP_INTERCEPTOR, useClass: RequestEnvelopeInterceptor },
  ],
})
export class ApiModule {}
