import { IsBoolean, IsObject, IsOptional } from 'class-validator';
import { DocumentRefDto, IsIdentifier } from '@app/common';

/** Spec: Live state item. */
export class BroadcastLiveStateDto extends DocumentRefDto {
  @IsIdentifier()
  liveStateDataId: string;

  @IsObject()
  data: Record<string, unknown>;

  @IsOptional()
  @IsBoolean()
  merge?: boolean;
}

export class GetLiveStateDto extends DocumentRefDto {
  @IsOptional()
  @IsIdentifier()
  liveStateDataId?: string;
}
