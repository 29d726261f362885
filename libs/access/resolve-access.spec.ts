import { AccessFacts, Grant, resolveAccess } from './resolve-access';

const NOW = new Date('2030-01-01T00:00:00Z');
const PAST = new Date('2029-12-31T23:59:59Z');
const FUTURE = new Date('2030-01-02T00:00:00Z');

const viewer: Grant = { role: 'viewer', expiresAt: null };
const editor: Grant = { role: 'editor', expiresAt: null };
const expiredEditor: Grant = { role: 'editor', expiresAt: PAST };
const futureEditor: Grant = { role: 'editor', expiresAt: FUTURE };

const base: AccessFacts = {
  organizationDisabled: false,
  documentDisabled: false,
  accessType: 'organizationPrivate',
  isAdmin: false,
  isOrganizationMember: false,
  documentGrant: null,
  folderGrants: [],
  organizationGrant: null,
  now: NOW,
};

describe('resolveAccess', () => {
  it.each<[string, Partial<AccessFacts>, 'editor' | 'viewer' | null]>([
    ['no grant, organizationPrivate, stranger', {}, null],
    ['document grant', { documentGrant: editor }, 'editor'],
    ['document grant beats a wider organization grant', { documentGrant: viewer, organizationGrant: editor }, 'viewer'],
    ['document grant beats folder grants', { documentGrant: viewer, folderGrants: [editor] }, 'viewer'],
    ['nearest folder first', { folderGrants: [viewer, editor] }, 'viewer'],
    ['folder with no grant is skipped for its parent', { folderGrants: [null, editor] }, 'editor'],
    ['folder beats organization', { folderGrants: [viewer], organizationGrant: editor }, 'viewer'],
    ['organization grant alone', { organizationGrant: editor }, 'editor'],
    [
      'expired document grant falls through to the folder',
      { documentGrant: expiredEditor, folderGrants: [viewer] },
      'viewer',
    ],
    ['expired folder grant falls through to its parent', { folderGrants: [expiredEditor, viewer] }, 'viewer'],
    ['expired organization grant is ignored', { organizationGrant: expiredEditor }, null],
    ['grant expiring later is honoured', { documentGrant: futureEditor }, 'editor'],
    ['grant expiring exactly now is ignored', { documentGrant: { role: 'editor', expiresAt: NOW } }, null],
    ['organizationPrivate: member reads', { isOrganizationMember: true }, 'viewer'],
    [
      'organizationPrivate: member with organization editor grant',
      { isOrganizationMember: true, organizationGrant: editor },
      'editor',
    ],
    ['public: any user of the key reads', { accessType: 'public' }, 'viewer'],
    ['public: grants still raise to editor', { accessType: 'public', organizationGrant: editor }, 'editor'],
    ['public: expired grant leaves viewer', { accessType: 'public', documentGrant: expiredEditor }, 'viewer'],
    ['restricted: organization grant does not count', { accessType: 'restricted', organizationGrant: editor }, null],
    ['restricted: membership does not count', { accessType: 'restricted', isOrganizationMember: true }, null],
    ['restricted: document grant counts', { accessType: 'restricted', documentGrant: viewer }, 'viewer'],
    ['restricted: folder grant counts', { accessType: 'restricted', folderGrants: [editor] }, 'editor'],
    ['restricted: expired document grant denies', { accessType: 'restricted', documentGrant: expiredEditor }, null],
    ['admin edits without grants', { isAdmin: true, accessType: 'restricted' }, 'editor'],
    ['disabled organization denies an editor', { organizationDisabled: true, documentGrant: editor }, null],
    ['disabled organization denies an admin', { organizationDisabled: true, isAdmin: true }, null],
    ['disabled document denies an admin', { documentDisabled: true, isAdmin: true }, null],
    ['disabled public document denies everyone', { documentDisabled: true, accessType: 'public' }, null],
  ])('%s', (_name, facts, expected) => {
    expect(resolveAccess({ ...base, ...facts })).toBe(expected);
  });
});
