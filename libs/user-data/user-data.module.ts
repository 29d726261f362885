import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '@app/activity';
import { MemoryModule } from '@app/ai-memory';
import { AgentModule } from '@app/agent';
import { CommentModule } from '@app/comment';
import { CrdtModule } from '@app/crdt';
import { NotificationModule } from '@app/notification';
import { PresenceModule } from '@app/presence';
import { UserModule } from '@app/user';
import { WorkflowModule } from '@app/workflow';
import { USER_DATA_ENTITIES } from './entities';
import { UserDataProducer } from './user-data.producer';
import { UserDataService } from './user-data.service';

/** Read, record and enqueue. The eraser lives in UserDataWorkerModule only. */
@Module({
  imports: [
    TypeOrmModule.forFeature(USER_DATA_ENTITIES),
    ActivityModule,
    AgentModule,
    CommentModule,
    CrdtModule,
    NotificationModule,
    PresenceModule,
    UserModule,
    WorkflowModule,
    MemoryModule,
  ],
  providers: [UserDataService, UserDataProducer],
  exports: [
    UserDataService,
    ActivityModule,
    AgentModule,
    CommentModule,
    CrdtModule,
    NotificationModule,
    PresenceModule,
    UserModule,
    WorkflowModule,
    MemoryModule,
  ],
})
export class UserDataModule {}
