import { Module } from '@nestjs/common';
import { AccessModule } from '@app/access';
import { CommentModule } from '@app/comment';
import { NotificationInboxModule } from '@app/notification';
import { LiveStateModule } from '@app/live-state';
import { PresenceModule } from '@app/presence';
import { UserModule } from '@app/user';
import { WorkspaceModule } from '@app/workspace';
import { ClientPlaneHandlers } from './client-plane.handlers';
import { ConnectionPresenceService } from './connection-presence.service';
import { EventFrames } from './event-frames';
import { PresenceFrames } from './presence-frames';
import { PermissionProviderClient } from './permission-provider-client';
import { ProviderAccessService } from './provider-access.service';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimeLimits } from './realtime-limits';
import { RoomBroadcast } from './room-broadcast.service';
import { SocketAccess } from './socket-access.service';
import { SocketDispatcher } from './socket-dispatcher';
import { SubscriptionService } from './subscription.service';

/** The socket.io gateway (subscriptions, presence, broadcasts and the client plane's operations), and the access rule every socket (socket.io or CRDT sync) follows. */
@Module({
  imports: [
    AccessModule,
    PresenceModule,
    LiveStateModule,
    UserModule,
    WorkspaceModule,
    CommentModule,
    NotificationInboxModule,
  ],
  providers: [
    RealtimeGateway,
    SubscriptionService,
    SocketAccess,
    ProviderAccessService,
    PermissionProviderClient,
    ClientPlaneHandlers,
    ConnectionPresenceService,
    PresenceFrames,
    RoomBroadcast,
    EventFrames,
    RealtimeLimits,
    SocketDispatcher,
  ],
  exports: [SocketAccess],
})
export class RealtimeModule {}
