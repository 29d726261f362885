import { IsString, Length, MaxLength, IsOptional, IsUrl, ValidateIf } from 'class-validator';
import { IsEmailAddress } from '@app/common';

export class CreateWorkspaceDto {
  @IsEmailAddress()
  @MaxLength(254)
  ownerEmail: string;

  /** The owner's display name; defaults to the e-mail address, as Velt's does. */
  @IsOptional()
  @IsString()
  @Length(1, 256)
  name?: string;

  /** Defaults to "{name} workspace", as Velt's does. */
  @IsOptional()
  @IsString()
  @Length(1, 256)
  workspaceName?: string;

  /** Spec: avatar may be an empty string. */
  @IsOptional()
  @ValidateIf((dto: CreateWorkspaceDto) => dto.avatar !== '')
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true })
  @MaxLength(2048)
  avatar?: string;
}
