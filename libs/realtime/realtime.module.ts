import { Module } from '@nestjs/common';
import { AccessModule } from '@app/access/access.module';
import { LiveStateModule } from '@app/live-state/live-state.module';
import { PresenceModule } from '@app/presence/presence.module';
import { UserModule } from '@app/user/user.module';
import { WorkspaceModule } from '@app/workspace/workspace.module';
import { RealtimeGateway } from './realtime.gateway';
import { SubscriptionService } from './subscription.service';

@Module({
  imports: [AccessModule, PresenceModule, LiveStateModule, UserModule, WorkspaceModule],
  providers: [RealtimeGateway, SubscriptionService],
})
export class RealtimeModule {}
