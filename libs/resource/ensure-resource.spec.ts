import { EntityManager } from 'typeorm';
import { ApiError, ErrorCode } from '@app/common';
import {
  ensureDocument,
  ensureFolder,
  ensureOrganization,
  ExistenceRow,
  existenceQuery,
  refusal,
} from './ensure-resource';
import { ResourceRef } from './resource-ref';

const organization: ResourceRef = { type: 'organization', organizationId: 'org', id: 'org' };
const folder: ResourceRef = { type: 'folder', organizationId: 'org', id: 'inbox' };
const document: ResourceRef = { type: 'document', organizationId: 'org', id: 'doc' };

function answer(error: ApiError | null): { code: ErrorCode; message: string } | null {
  return error && { code: error.code, message: error.message };
}

/** An EntityManager that records each statement and answers the existence query with `rows`. */
function fakeManager(rows: ExistenceRow[]): { manager: EntityManager; statements: string[] } {
  const statements: string[] = [];
  const query = (statement: string | { text: string }) => {
    const sql = typeof statement === 'string' ? statement : statement.text;
    statements.push(sql);
    return Promise.resolve(sql.startsWith('INSERT') ? [] : rows);
  };
  return { manager: { query } as unknown as EntityManager, statements };
}

describe('existenceQuery', () => {
  it('locks every row it reads unless told not to', () => {
    expect(existenceQuery('key', organization, {}).sql.match(/FOR KEY SHARE/g)).toHaveLength(1);
    expect(existenceQuery('key', document, {}).sql.match(/FOR KEY SHARE/g)).toHaveLength(2);
    expect(existenceQuery('key', folder, { lock: false }).sql).not.toContain('FOR');
    expect(existenceQuery('key', document, { lock: false, checkOrganization: false }).sql).not.toContain('FOR');
  });

  it('reads a child with its organization, or alone when asked', () => {
    const chained = existenceQuery('key', folder, {});
    expect(chained.sql).toContain('FROM organization');
    expect(chained.sql).toContain('FROM folder');
    expect(chained.params).toEqual(['key', 'org', 'inbox']);
    const alone = existenceQuery('key', document, { checkOrganization: false });
    expect(alone.sql).not.toContain('organization WHERE');
    expect(alone.sql).toContain('FROM document');
    expect(alone.params).toEqual(['key', 'org', 'doc']);
    expect(existenceQuery('key', organization, {}).params).toEqual(['key', 'org']);
  });
});

describe('refusal', () => {
  const enabled: ExistenceRow = { disabled: false, found: true };

  it('answers nothing when everything is there', () => {
    expect(refusal(document, enabled, { requireEnabled: true })).toBeNull();
  });

  it('names the organization when its row is missing, the resource when only the resource is', () => {
    expect(answer(refusal(organization, undefined, {}))).toEqual({
      code: ErrorCode.NOT_FOUND,
      message: 'Organization does not exist.',
    });
    expect(answer(refusal(folder, undefined, {}))).toEqual({
      code: ErrorCode.NOT_FOUND,
      message: 'Organization does not exist.',
    });
    expect(answer(refusal(folder, { disabled: false, found: false }, {}))).toEqual({
      code: ErrorCode.NOT_FOUND,
      message: 'Folder does not exist.',
    });
    expect(answer(refusal(document, { disabled: false, found: false }, {}))).toEqual({
      code: ErrorCode.NOT_FOUND,
      message: 'Document does not exist.',
    });
  });

  it('names the resource for a missing row when the organization was not read', () => {
    expect(answer(refusal(document, undefined, { checkOrganization: false }))).toEqual({
      code: ErrorCode.NOT_FOUND,
      message: 'Document does not exist.',
    });
  });

  it('refuses a disabled organization only when asked, before a missing child', () => {
    const disabled: ExistenceRow = { disabled: true, found: false };
    expect(answer(refusal(document, disabled, { requireEnabled: true }))).toEqual({
      code: ErrorCode.FAILED_PRECONDITION,
      message: 'Organization is disabled.',
    });
    expect(answer(refusal(document, disabled, {}))?.message).toBe('Document does not exist.');
    expect(refusal(organization, { disabled: true, found: true }, {})).toBeNull();
  });
});

describe('ensure functions', () => {
  it('take one round trip, plus the insert when creating', async () => {
    const found = [{ disabled: false, found: true }];
    let fake = fakeManager(found);
    await ensureDocument(fake.manager, 'key', 'org', 'doc');
    expect(fake.statements).toHaveLength(1);
    fake = fakeManager(found);
    await ensureFolder(fake.manager, 'key', 'org', 'inbox', { create: true });
    expect(fake.statements.map((sql) => sql.split(' ')[0])).toEqual(['INSERT', 'WITH']);
    expect(fake.statements[0]).toContain('INSERT INTO folder');
    fake = fakeManager(found);
    await ensureDocument(fake.manager, 'key', 'org', 'doc', { create: true });
    expect(fake.statements.map((sql) => sql.split(' ')[0])).toEqual(['INSERT', 'WITH']);
    expect(fake.statements[0]).toContain('INSERT INTO document');
    fake = fakeManager(found);
    await ensureOrganization(fake.manager, 'key', 'org', { create: false });
    expect(fake.statements).toHaveLength(1);
  });

  it('throw the refusal', async () => {
    await expect(ensureOrganization(fakeManager([]).manager, 'key', 'org')).rejects.toEqual(
      ApiError.notFound('Organization does not exist.'),
    );
    await expect(
      ensureFolder(fakeManager([{ disabled: false, found: false }]).manager, 'key', 'org', 'inbox'),
    ).rejects.toMatchObject({
      code: ErrorCode.NOT_FOUND,
      message: 'Folder does not exist.',
    });
  });
});
