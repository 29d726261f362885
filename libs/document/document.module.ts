import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OrganizationModule } from '@app/organization';
import { DocumentRekeyService } from './document-rekey.service';
import { DocumentService } from './document.service';
import { DOCUMENT_ENTITIES } from './entities';
import { FolderService } from './folder.service';

@Module({
  imports: [TypeOrmModule.forFeature(DOCUMENT_ENTITIES), OrganizationModule],
  providers: [DocumentService, DocumentRekeyService, FolderService],
  exports: [DocumentService, DocumentRekeyService, FolderService],
})
export class DocumentModule {}
