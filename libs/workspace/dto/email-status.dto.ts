import { MaxLength } from 'class-validator';
import { IsEmailAddress } from '@app/common';

export class EmailStatusDto {
  @IsEmailAddress()
  @MaxLength(254)
  ownerEmail: string;
}
