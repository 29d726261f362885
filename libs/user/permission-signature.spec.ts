import { canonicalPermissions, PermissionDecision, signPermissions, verifyPermissions } from './permission-signature';

const KEY = Buffer.alloc(32, 7);
const DECISIONS: PermissionDecision[] = [
  {
    userId: 'user123',
    resourceId: 'document456',
    type: 'document',
    hasAccess: true,
    accessRole: 'viewer',
    expiresAt: 1759745729823,
  },
  { userId: 'user123', resourceId: 'org789', type: 'organization', hasAccess: false },
];
/** Computed once with `createHmac('sha256', Buffer.alloc(32, 7))` over the canonical text below. */
const KNOWN_SIGNATURE = '44e074a3f40da6a535f80c4c7d6c3457e1cd461a4664659e59d1a3ef6e18d937';

describe('permission signature', () => {
  it('signs the canonical text with HMAC-SHA256 in hex (known vector)', () => {
    expect(canonicalPermissions(DECISIONS)).toBe(
      '[{"userId":"user123","resourceId":"document456","type":"document","hasAccess":true,"accessRole":"viewer","expiresAt":1759745729823},' +
        '{"userId":"user123","resourceId":"org789","type":"organization","hasAccess":false}]',
    );
    expect(signPermissions(KEY, DECISIONS)).toBe(KNOWN_SIGNATURE);
    expect(verifyPermissions(KEY, DECISIONS, KNOWN_SIGNATURE)).toBe(true);
    expect(verifyPermissions(KEY, DECISIONS, KNOWN_SIGNATURE.toUpperCase())).toBe(true);
  });

  it('does not depend on the key order of the input objects, nor on optional members given as null', () => {
    const reordered = [
      {
        expiresAt: 1759745729823,
        accessRole: 'viewer',
        hasAccess: true,
        type: 'document',
        resourceId: 'document456',
        userId: 'user123',
      },
      {
        hasAccess: false,
        type: 'organization',
        userId: 'user123',
        resourceId: 'org789',
        accessRole: null,
        expiresAt: null,
      },
    ] as PermissionDecision[];
    expect(signPermissions(KEY, reordered)).toBe(KNOWN_SIGNATURE);
  });

  it('detects any change: a flipped decision, a role, an expiry, the order, another key, a truncated signature', () => {
    const tampered: PermissionDecision[][] = [
      [{ ...DECISIONS[0] }, { ...DECISIONS[1], hasAccess: true }],
      [{ ...DECISIONS[0], accessRole: 'editor' }, DECISIONS[1]],
      [{ ...DECISIONS[0], expiresAt: 1759745729824 }, DECISIONS[1]],
      [{ ...DECISIONS[0], expiresAt: undefined }, DECISIONS[1]],
      [DECISIONS[1], DECISIONS[0]],
      [DECISIONS[0]],
    ];
    for (const decisions of tampered) expect(verifyPermissions(KEY, decisions, KNOWN_SIGNATURE)).toBe(false);
    expect(verifyPermissions(Buffer.alloc(32, 8), DECISIONS, KNOWN_SIGNATURE)).toBe(false);
    expect(verifyPermissions(KEY, DECISIONS, KNOWN_SIGNATURE.slice(0, -2))).toBe(false);
    expect(verifyPermissions(KEY, DECISIONS, 'a1b2c3d4e5f6...')).toBe(false);
  });
});
