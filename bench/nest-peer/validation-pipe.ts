import { ValidationPipe } from '@nestjs/common';
import { ApiError, cacheValidationMetadata, describeValidationErrors } from '../../libs/common';

/**
 * How a minimal Nest app validates: a global ValidationPipe, here with the API's rules (whitelist,
 * unknown fields refused, errors as the API's message) and the API's class-validator metadata cache.
 */
export function createValidationPipe(): ValidationPipe {
  cacheValidationMetadata();
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    forbidUnknownValues: true,
    validateCustomDecorators: true,
    exceptionFactory: (errors) => ApiError.invalid(describeValidationErrors(errors)),
  });
}
