import { Module } from '@nestjs/common';
import { AccessModule } from '@app/access';
import { LiveStateModule } from '@app/live-state';
import { PresenceModule } from '@app/presence';
import { UserModule } from '@app/user';
import { WorkspaceModule } from '@app/workspace';
import { PermissionProviderClient } from './permission-provider-client';
import { ProviderAccessService } from './provider-access.service';
import { RealtimeGateway } from './realtime.gateway';
import { SocketAccess } from './socket-access.service';
import { SubscriptionService } from './subscription.service';

/** The socket.io gateway, and the access rule every socket (socket.io or CRDT sync) follows. */
@Module({
  imports: [AccessModule, PresenceModule, LiveStateModule, UserModule, WorkspaceModule],
  providers: [RealtimeGateway, SubscriptionService, SocketAccess, ProviderAccessService, PermissionProviderClient],
  exports: [SocketAccess],
})
export class RealtimeModule {}
