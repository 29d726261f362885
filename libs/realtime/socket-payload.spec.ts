import { ApiError, DocumentRefDto } from '@app/common';
import { parsePayload } from './socket-payload';

describe('parsePayload', () => {
  it('answers INVALID_ARGUMENT naming the field for a nested constructor key, which class-transformer would throw on', () => {
    const payload = JSON.parse('{"organizationId":[{"constructor":5}],"documentId":"d"}') as unknown;
    expect(() => parsePayload(DocumentRefDto, payload)).toThrow(ApiError);
    expect(() => parsePayload(DocumentRefDto, payload)).toThrow(/^data\.organizationId must be a string/);
  });

  it('refuses __proto__ before any transformation', () => {
    expect(() =>
      parsePayload(DocumentRefDto, JSON.parse('{"organizationId":"o","documentId":"d","__proto__":{"x":1}}')),
    ).toThrow('data must not contain the key __proto__.');
  });
});
