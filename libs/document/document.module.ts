import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DocumentService } from './document.service';
import { DOCUMENT_ENTITIES } from './entities';
import { FolderService } from './folder.service';

@Module({
  imports: [TypeOrmModule.forFeature(DOCUMENT_ENTITIES)],
  providers: [DocumentService, FolderService],
  exports: [DocumentService, FolderService],
})
export class DocumentModule {}
