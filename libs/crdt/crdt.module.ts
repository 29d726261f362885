import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CrdtStore } from './crdt-store';
import { CrdtUndecodable } from './crdt-undecodable';
import { CrdtUserData } from './crdt-user-data.service';
import { CrdtVersions } from './crdt-versions';
import { CRDT_ENTITIES } from './entities';

/** Yjs documents (one per editor of a document), their write-ahead log, history and versions in PostgreSQL, and the user ids stored beside them (GDPR). */
@Module({
  imports: [TypeOrmModule.forFeature(CRDT_ENTITIES)],
  providers: [CrdtStore, CrdtUndecodable, CrdtUserData, CrdtVersions],
  exports: [CrdtStore, CrdtUserData, CrdtVersions],
})
export class CrdtModule {}
