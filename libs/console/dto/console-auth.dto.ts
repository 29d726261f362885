import { IsString, Length, MaxLength } from 'class-validator';
import { Describe, IsEmailAddress, IsIdentifier } from '@app/common';

export class ConsoleSignInDto {
  @Describe('The workspace id (`id` of workspace create).')
  @IsIdentifier()
  workspaceId: string;

  @Describe('The workspace auth token (`authToken` of workspace create).')
  @IsString()
  @Length(1, 256)
  authToken: string;
}

export class LinkSignInDto {
  @Describe('The token of the e-mailed link (after `#/link/`).')
  @IsString()
  @Length(1, 256)
  token: string;
}

/** Velt's Send Login Link. */
export class SendLoginLinkDto {
  @Describe("The workspace owner's address.")
  @IsEmailAddress()
  @MaxLength(254)
  email: string;

  @Describe(
    "Where the console continues after sign-in: on the console's origin (`CONSOLE_URL`) or a loopback host (Velt: `console.velt.dev` or `localhost`).",
  )
  @IsString()
  @MaxLength(2048)
  continueUrl: string;
}
