import { IsIdentifier } from '@app/common';

/** Every folder and document operation is scoped to one organization. */
export class OrganizationRefDto {
  @IsIdentifier()
  organizationId: string;
}
