import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OrganizationModule } from '@app/organization';
import { DocumentDirectoryService } from './document-directory.service';
import { DocumentRekeyService } from './document-rekey.service';
import { DocumentService } from './document.service';
import { DOCUMENT_ENTITIES } from './entities';
import { FolderAccessService } from './folder-access.service';
import { FolderService } from './folder.service';

@Module({
  imports: [TypeOrmModule.forFeature(DOCUMENT_ENTITIES), OrganizationModule],
  providers: [DocumentService, DocumentRekeyService, DocumentDirectoryService, FolderService, FolderAccessService],
  exports: [DocumentService, DocumentRekeyService, DocumentDirectoryService, FolderService, FolderAccessService],
})
export class DocumentModule {}
