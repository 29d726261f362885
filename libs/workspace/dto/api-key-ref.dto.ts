import { IsString, Length } from 'class-validator';

export class ApiKeyRefDto {
  @IsString()
  @Length(1, 256)
  apiKey: string;
}
