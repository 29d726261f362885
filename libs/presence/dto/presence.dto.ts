import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsOptional, IsString, Length } from 'class-validator';
import { MAX_ARRAY_ITEMS, NestedArray, UserRefDto } from '@app/common';
import { DocumentRefDto } from '@app/live-state';

/** Spec: Presence user; `status` may be omitted. */
export class PresenceUserDto extends UserRefDto {
  @IsOptional()
  @IsString()
  @Length(1, 64)
  status?: string;
}

export class WritePresenceDto extends DocumentRefDto {
  @NestedArray(() => PresenceUserDto)
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
