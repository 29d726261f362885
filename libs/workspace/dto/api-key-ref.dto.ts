import { IsIdentifier } from '@app/common';

export class ApiKeyRefDto {
  @IsIdentifier()
  apiKey: string;
}
