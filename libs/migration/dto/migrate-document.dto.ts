import { IsIdentifier } from '@app/common';
import { OrganizationRefDto } from '@app/document';

export class MigrateDocumentDto extends OrganizationRefDto {
  @IsIdentifier()
  documentId: string;

  @IsIdentifier()
  newDocumentId: string;
}
