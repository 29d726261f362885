import { QueryFailedError } from 'typeorm';
import { FOREIGN_KEY_VIOLATION, postgresErrorCode, UNIQUE_VIOLATION } from './postgres-error';

describe('postgresErrorCode', () => {
  it("reads the SQLSTATE from TypeORM's wrapper and from pg's own error", () => {
    const pgError = Object.assign(new Error('duplicate key value'), { code: UNIQUE_VIOLATION });
    expect(postgresErrorCode(new QueryFailedError('INSERT', [], pgError))).toBe(UNIQUE_VIOLATION);
    expect(postgresErrorCode(Object.assign(new Error('violates foreign key'), { code: FOREIGN_KEY_VIOLATION }))).toBe(
      FOREIGN_KEY_VIOLATION,
    );
  });

  it('answers undefined for anything without a code', () => {
    expect(postgresErrorCode(new Error('boom'))).toBeUndefined();
    expect(postgresErrorCode('boom')).toBeUndefined();
    expect(postgresErrorCode(null)).toBeUndefined();
    expect(postgresErrorCode({ code: 42 })).toBeUndefined();
  });
});
