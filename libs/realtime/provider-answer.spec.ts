import { cacheTtlMs, decisionFor, MalformedAnswerError, parseProviderAnswer, roleFrom } from './provider-answer';

describe('permission provider answer', () => {
  const decision = {
    userId: 'u',
    resourceId: 'd',
    type: 'document',
    organizationId: 'o',
    hasAccess: true,
    accessRole: 'viewer',
    expiresAt: 1_000,
  };

  it("reads Velt's PermissionResult, keeping a signature and dropping nulls", () => {
    expect(
      parseProviderAnswer({
        data: [{ ...decision, accessRole: null }],
        success: true,
        statusCode: 200,
        signature: 'ab',
      }),
    ).toEqual({
      decisions: [
        { userId: 'u', resourceId: 'd', type: 'document', organizationId: 'o', hasAccess: true, expiresAt: 1_000 },
      ],
      signature: 'ab',
    });
  });

  it.each([
    ['no data', {}],
    ['success false', { data: [], success: false }],
    ['a string hasAccess', { data: [{ ...decision, hasAccess: 'true' }] }],
    ['an unknown role', { data: [{ ...decision, accessRole: 'owner' }] }],
    ['a string expiresAt', { data: [{ ...decision, expiresAt: 'soon' }] }],
    ['a numeric signature', { data: [], signature: 5 }],
  ])('refuses an answer with %s', (_what, body) => {
    expect(() => parseProviderAnswer(body)).toThrow(MalformedAnswerError);
  });

  it('matches decisions by user, resource id and type', () => {
    const decisions = parseProviderAnswer({
      data: [decision, { ...decision, type: 'folder', hasAccess: false }],
    }).decisions;
    expect(decisionFor(decisions, 'u', { id: 'd', type: 'folder' })?.hasAccess).toBe(false);
    expect(decisionFor(decisions, 'someone-else', { id: 'd', type: 'document' })).toBeUndefined();
  });

  it('bounds the cache by expiresAt, else the default, never past a day or below zero', () => {
    expect(cacheTtlMs({ expiresAt: 10_500 }, 10_000, 60_000)).toBe(500);
    expect(cacheTtlMs({ expiresAt: 9_000 }, 10_000, 60_000)).toBe(0);
    expect(cacheTtlMs({}, 10_000, 60_000)).toBe(60_000);
    expect(cacheTtlMs({ expiresAt: 10_000 + 10 * 86_400_000 }, 10_000, 60_000)).toBe(86_400_000);
  });

  it('grants the document role only when every decision on the way grants access, editor by default', () => {
    expect(roleFrom([{ hasAccess: true }, { hasAccess: true }], { accessRole: 'viewer' })).toBe('viewer');
    expect(roleFrom([{ hasAccess: true }, { hasAccess: true }], {})).toBe('editor');
    expect(roleFrom([{ hasAccess: false }, { hasAccess: true }], { accessRole: 'editor' })).toBeNull();
    expect(roleFrom([{ hasAccess: true }, undefined], {})).toBeNull();
  });
});
