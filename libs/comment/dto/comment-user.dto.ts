import { IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { IsEmailAddress } from '@app/common';

export class CommentUserDto {
  @IsString()
  @Length(1, 256)
  userId: string;

  @IsOptional()
  @IsString()
  @MaxLength(256)
  name?: string;

  @IsOptional()
  @IsEmailAddress()
  @MaxLength(254)
  email?: string;
}
