import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CrdtStore } from './crdt-store';
import { CrdtUserData } from './crdt-user-data.service';
import { CRDT_ENTITIES } from './entities';

/** Yjs documents (one per editor of a document) and their write-ahead log in PostgreSQL, and the user ids stored beside them (GDPR). */
@Module({ imports: [TypeOrmModule.forFeature(CRDT_ENTITIES)], providers: [CrdtStore, CrdtUserData], exports: [CrdtStore, CrdtUserData] })
export class CrdtModule {}
