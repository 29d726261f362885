import { IsIdentifier, OrganizationRefDto } from '@app/common';

export class MigrateDocumentDto extends OrganizationRefDto {
  @IsIdentifier()
  documentId: string;

  @IsIdentifier()
  newDocumentId: string;
}
