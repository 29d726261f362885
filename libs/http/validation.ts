import { ValidationPipe } from '@nestjs/common';
import { ApiError, describeValidationErrors } from '@app/common';
import { cacheValidationMetadata } from './validation-metadata-cache';

export function createValidationPipe(): ValidationPipe {
  cacheValidationMetadata();
  return new ValidationPipe({
    whitelist: true,
    // An unknown field is an error naming it, never silently dropped (DESIGN §2).
    forbidNonWhitelisted: true,
    transform: true,
    forbidUnknownValues: true,
    validateCustomDecorators: true,
    exceptionFactory: (errors) => ApiError.invalid(describeValidationErrors(errors)),
  });
}
