import { Describe, IsIdentifier } from '@app/common';

export class DeletionStatusDto {
  @Describe('jobId returned by users/data/delete.')
  @IsIdentifier()
  jobId: string;
}
