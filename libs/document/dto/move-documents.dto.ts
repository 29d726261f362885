import { IsIdentifier } from '@app/common';
import { DocumentIdsDto } from './document-ids.dto';

export class MoveDocumentsDto extends DocumentIdsDto {
  /** Target folder; it must exist (docs/architecture.md "Resources and live data"). */
  @IsIdentifier()
  folderId: string;
}
