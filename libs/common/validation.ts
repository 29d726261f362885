import { ValidationError, ValidationPipe } from '@nestjs/common';
import { ApiError } from './api-error';

/** First failing constraint, as "data.<path> <constraint>." so the client sees which field is wrong. */
export function describeValidationErrors(errors: ValidationError[], prefix = 'data'): string {
  for (const error of errors) {
    const path = /^\d+$/.test(error.property) ? `${prefix}[${error.property}]` : `${prefix}.${error.property}`;
    const constraints = error.constraints ? Object.values(error.constraints) : [];
    if (constraints.length > 0) {
      // class-validator messages start with the bare property name; replace it with the full path.
      const message = constraints[0].startsWith(error.property)
        ? constraints[0].slice(error.property.length).trim()
        : constraints[0];
      return `${path} ${message}.`;
    }
    if (error.children?.length) return describeValidationErrors(error.children, path);
  }
  return 'Invalid request data.';
}

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    forbidUnknownValues: true,
    validateCustomDecorators: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => ApiError.invalid(describeValidationErrors(errors)),
  });
}
