import { Module } from '@nestjs/common';
import { AccessModule } from '@app/access';
import { LiveStateModule } from '@app/live-state';
import { PresenceModule } from '@app/presence';
import { UserModule } from '@app/user';
import { WorkspaceModule } from '@app/workspace';
import { PermissionProviderClient } from './permission-provider-client';
import { ProviderAccessService } from './provider-access.service';
import { RealtimeGateway } from './realtime.gateway';
import { SubscriptionService } from './subscription.service';

@Module({
  imports: [AccessModule, PresenceModule, LiveStateModule, UserModule, WorkspaceModule],
  providers: [RealtimeGateway, SubscriptionService, ProviderAccessService, PermissionProviderClient],
})
export class RealtimeModule {}
