import { ValidationPipe } from '@nestjs/common';
import { ApiError } from './api-error';
import { describeValidationErrors } from './validation-message';

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    forbidUnknownValues: true,
    validateCustomDecorators: true,
    exceptionFactory: (errors) => ApiError.invalid(describeValidationErrors(errors)),
  });
}
