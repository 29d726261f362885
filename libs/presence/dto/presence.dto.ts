import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsObject, IsOptional, IsString, Length, ValidateNested } from 'class-validator';
import { MAX_ARRAY_ITEMS, UserRefDto } from '@app/common';
import { DocumentRefDto } from '@app/live-state/dto/live-state.dto';

/** Spec: Presence user; `status` may be omitted. */
export class PresenceUserDto extends UserRefDto {
  @IsOptional()
  @IsString()
  @Length(1, 64)
  status?: string;
}

export class WritePresenceDto extends DocumentRefDto {
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => PresenceUserDto)
  users: PresenceUserDto[];
}

export class DeletePresenceDto extends DocumentRefDto {
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsString({ each: true })
  @Length(1, 256, { each: true })
  userIds: string[];
}
