import { IsEmail, IsOptional, IsString, Length, MaxLength } from 'class-validator';

export class CommentUserDto {
  @IsString()
  @Length(1, 256)
  userId: string;

  @IsOptional()
  @IsString()
  @MaxLength(256)
  name?: string;

  @IsOptional()
  @IsEmail()
  @MaxLength(254)
  email?: string;
}
