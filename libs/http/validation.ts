import { ValidationPipe } from '@nestjs/common';
import { ApiError, describeValidationErrors } from '@app/common';

export function createValidationPipe(): ValidationPipe {
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
