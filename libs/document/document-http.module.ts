import { Module } from '@nestjs/common';
import { DocumentController } from './document.controller';
import { DocumentModule } from './document.module';
import { FolderController } from './folder.controller';

@Module({ imports: [DocumentModule], controllers: [DocumentController, FolderController] })
export class DocumentHttpModule {}
