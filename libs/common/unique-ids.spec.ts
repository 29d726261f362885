import { ApiError } from './api-error';
import { ErrorCode } from './error-code';
import { assertUniqueIds } from './unique-ids';

describe('assertUniqueIds', () => {
  it('accepts distinct ids, including ones that differ only in case or normalisation', () => {
    expect(() => assertUniqueIds(['a', 'A', 'é', 'e\u0301'], (i) => `data.ids[${i}]`)).not.toThrow();
  });

  it('names the first repeated item by its path', () => {
    let thrown: unknown;
    try {
      assertUniqueIds(['a', 'b', 'c', 'b', 'a'], (i) => `data.documents[${i}].documentId`);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).code).toBe(ErrorCode.INVALID_ARGUMENT);
    expect((thrown as ApiError).message).toBe('data.documents[3].documentId duplicates an earlier item.');
  });
});
