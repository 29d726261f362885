import { IsIdentifier } from './field.validators';

/** The organization a request is scoped to. */
export class OrganizationRefDto {
  @IsIdentifier()
  organizationId: string;
}

/** The document a request is about, inside its organization. */
export class DocumentRefDto extends OrganizationRefDto {
  @IsIdentifier()
  documentId: string;
}
