import { Module } from '@nestjs/common';
import { CollabModule } from './collab.module';
import { CrdtController } from './crdt.controller';
import { CrdtVersionController } from './crdt-version.controller';

@Module({ imports: [CollabModule], controllers: [CrdtController, CrdtVersionController] })
export class CollabHttpModule {}
