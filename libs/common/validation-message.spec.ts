import type { ValidationError } from 'class-validator';
import { describeValidationErrors } from './validation-message';

function error(
  property: string,
  constraints?: Record<string, string>,
  children: ValidationError[] = [],
): ValidationError {
  return { property, constraints, children };
}

describe('describeValidationErrors', () => {
  it('names the full path and prefers the type rule over range rules', () => {
    const errors = [
      error('pageSize', { max: 'pageSize must not be greater than 1000', isInt: 'pageSize must be an integer number' }),
    ];
    expect(describeValidationErrors(errors)).toBe('data.pageSize must be an integer number.');
  });

  it('names an unknown field instead of dropping it', () => {
    const nested = [
      error('documents', undefined, [
        error('0', undefined, [error('documentNme', { whitelistValidation: 'property documentNme should not exist' })]),
      ]),
    ];
    expect(describeValidationErrors(nested)).toBe('data.documents[0].documentNme is not a known field.');
  });

  it('falls back to the first rule and walks into nested items', () => {
    const nested = [
      error('documents', undefined, [
        error('0', undefined, [error('documentId', { maxLength: 'documentId is too long' })]),
      ]),
    ];
    expect(describeValidationErrors(nested)).toBe('data.documents[0].documentId is too long.');
  });
});
