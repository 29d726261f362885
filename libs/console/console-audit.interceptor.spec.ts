import { identifiersOf } from './console-audit.interceptor';

describe('identifiersOf', () => {
  it('keeps the identifiers a change names and nothing that could be a secret', () => {
    expect(
      identifiersOf({
        apiKey: 'key-1',
        organizationId: 'acme',
        userIds: ['ann', 'bob', 3],
        authTokenId: 'tok-1',
        authToken: 'secret-token',
        webhookServiceConfig: { authToken: 'secret' },
        password: 'hunter2',
        failedSince: '2026-01-01T00:00:00Z',
      }),
    ).toEqual({
      apiKey: 'key-1',
      organizationId: 'acme',
      userIds: ['ann', 'bob'],
      authTokenId: 'tok-1',
      failedSince: '2026-01-01T00:00:00Z',
    });
  });

  it('caps a list at 20 and reads nothing from a body that is not an object', () => {
    expect(identifiersOf({ documentIds: Array.from({ length: 30 }, (_, i) => `d${i}`) }).documentIds).toHaveLength(20);
    expect(identifiersOf(null)).toEqual({});
    expect(identifiersOf(['a'])).toEqual({});
  });
});
