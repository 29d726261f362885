import { IsBoolean, IsObject, IsOptional, IsString, Length } from 'class-validator';

export class DocumentRefDto {
  @IsString()
  @Length(1, 256)
  organizationId: string;

  @IsString()
  @Length(1, 256)
  documentId: string;
}

/** Spec: Live state item. */
export class BroadcastLiveStateDto extends DocumentRefDto {
  @IsString()
  @Length(1, 256)
  liveStateDataId: string;

  @IsObject()
  data: Record<string, unknown>;

  @IsOptional()
  @IsBoolean()
  merge?: boolean;
}

export class GetLiveStateDto extends DocumentRefDto {
  @IsOptional()
  @IsString()
  @Length(1, 256)
  liveStateDataId?: string;
}
