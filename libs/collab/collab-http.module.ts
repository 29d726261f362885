import { Module } from '@nestjs/common';
import { CollabModule } from './collab.module';
import { CrdtController } from './crdt.controller';

@Module({ imports: [CollabModule], controllers: [CrdtController] })
export class CollabHttpModule {}
