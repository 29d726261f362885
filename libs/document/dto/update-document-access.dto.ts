import { IsBoolean, IsIn } from 'class-validator';
import { ACCESS_TYPES, AccessType } from '../entities/access-type';
import { DocumentIdsDto } from './document-ids.dto';

/** Velt's Update Access for Documents: one access type for every named document. */
export class UpdateDocumentAccessDto extends DocumentIdsDto {
  @IsIn(ACCESS_TYPES)
  accessType: AccessType;
}

/** Velt's Update Disabled State for Documents: a disabled document denies everyone (docs/architecture.md "Tenancy and access"). */
export class UpdateDocumentDisabledStateDto extends DocumentIdsDto {
  @IsBoolean()
  disabled: boolean;
}
