import { Module } from '@nestjs/common';
import { DocumentController } from './document.controller';
import { DocumentService } from './document.service';
import { FolderController } from './folder.controller';
import { FolderService } from './folder.service';

@Module({
  controllers: [DocumentController, FolderController],
  providers: [DocumentService, FolderService],
})
export class DocumentModule {}
