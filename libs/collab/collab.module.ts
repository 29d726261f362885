import { Module } from '@nestjs/common';
import { CrdtModule } from '@app/crdt';
import { RealtimeModule } from '@app/realtime';
import { UserModule } from '@app/user';
import { WorkspaceModule } from '@app/workspace';
import { CollabAccess } from './collab-access';
import { CollabDurability } from './collab-durability';
import { CollabMessages } from './collab-messages';
import { CollabMetrics } from './collab-metrics';
import { CollabServer } from './collab.server';
import { CrdtLiveWriter } from './crdt-live-writer';
import { CrdtRestService } from './crdt-rest.service';
import { CrdtVersionService } from './crdt-version.service';

/** Multiplayer editing: the Hocuspocus sync server at /collab, and the REST writes and version restores that go through it. */
@Module({
  imports: [CrdtModule, RealtimeModule, UserModule, WorkspaceModule],
  providers: [
    CollabServer,
    CollabAccess,
    CollabDurability,
    CollabMessages,
    CollabMetrics,
    CrdtLiveWriter,
    CrdtRestService,
    CrdtVersionService,
  ],
  exports: [CrdtRestService, CrdtVersionService],
})
export class CollabModule {}
