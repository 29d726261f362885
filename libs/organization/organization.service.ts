import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  AppConfig,
  assertUniqueIds,
  BatchItem,
  item,
  KeysetPage,
  KeysetPager,
  keysetListing,
  likePrefix,
} from '@app/common';
import { preparedStatement, queryPrepared, runStatement } from '@app/database';
import { changedFields, Emit, EventOutbox, OrganizationSnapshot } from '@app/events';
import { RealtimeRevocation } from '@app/realtime-hub';
import { AddOrganizationsDto } from './dto/add-organizations.dto';
import { GetOrganizationsDto } from './dto/get-organizations.dto';
import { OrganizationIdsDto } from './dto/organization-ids.dto';
import { SearchOrganizationsDto } from './dto/search-organizations.dto';
import { UpdateDisabledStateDto } from './dto/update-disabled-state.dto';
import { UpdateOrganizationsDto } from './dto/update-organizations.dto';
import { OrganizationRow, organizationView } from './organization-view';

/** Spec message (Common envelopes, 6): no closing period. */
export const ORGANIZATION_ABSENT = 'Organization does not exist';

/** What every write returns: the organization as its events carry it. */
const RETURNED = 'id, name, disabled, metadata';

/** The organizations a write is about, as they were: locked so the change's from/to is exact. */
const LOCK_ORGANIZATIONS = `SELECT ${RETURNED} FROM organization WHERE api_key_id = $1 AND id = ANY($2) ORDER BY id FOR UPDATE`;

const INSERT_ORGANIZATIONS = `
  INSERT INTO organization (api_key_id, id, name, metadata)
  SELECT $1, v.id, v.name, v.metadata FROM unnest($2::text[], $3::text[], $4::jsonb[]) AS v(id, name, metadata)
  ON CONFLICT DO NOTHING RETURNING ${RETURNED}`;

const UPDATE_ORGANIZATIONS = `
  UPDATE organization o SET
    name = COALESCE(v.name, o.name),
    metadata = o.metadata || COALESCE(v.metadata, '{}'::jsonb),
    updated_at = now()
  FROM unnest($2::text[], $3::text[], $4::jsonb[]) AS v(id, name, metadata)
  WHERE o.api_key_id = $1 AND o.id = v.id
  RETURNING o.id, o.name, o.disabled, o.metadata`;

const UPSERT_DISABLED = `
  INSERT INTO organization (api_key_id, id, name, disabled)
  SELECT $1, v.id, v.id, $3 FROM unnest($2::text[]) AS v(id)
  ON CONFLICT (api_key_id, id) DO UPDATE SET disabled = EXCLUDED.disabled, updated_at = now()
  RETURNING ${RETURNED}`;

const UPDATE_DISABLED = `
  UPDATE organization SET disabled = $3, updated_at = now()
  WHERE api_key_id = $1 AND id = ANY($2) RETURNING ${RETURNED}`;

const LIST_ORGANIZATIONS = preparedStatement(
  `SELECT id, name, disabled, metadata FROM organization
   WHERE api_key_id = $1 AND ($2::text[] IS NULL OR id = ANY($2)) AND ($3::text IS NULL OR id > $3)
   ORDER BY id LIMIT $4`,
);

const ORGANIZATION_LISTING = keysetListing('organizations', ['text'], (row: OrganizationRow) => [row.id]);

/** By id: a range of the primary key (its collation is C, so LIKE 'x%' is one). */
const SEARCH_BY_ID = `SELECT id, name, disabled, metadata FROM organization
   WHERE api_key_id = $1 AND id LIKE $2 AND ($3::text IS NULL OR id > $3) ORDER BY id LIMIT $4`;
const ID_SEARCH_LISTING = keysetListing('organizations by id prefix', ['text'], (row: OrganizationRow) => [row.id]);

/** By name, any case: a range of IDX_organization_name_prefix (api_key_id, lower(name) COLLATE "C", id). */
const SEARCH_BY_NAME = `SELECT id, name, disabled, metadata, lower(name) AS sort_name FROM organization
   WHERE api_key_id = $1 AND lower(name) COLLATE "C" LIKE $2
     AND ($3::text IS NULL OR (lower(name) COLLATE "C", id) > ($3::text COLLATE "C", $4::text))
   ORDER BY lower(name) COLLATE "C", id LIMIT $5`;
const NAME_SEARCH_LISTING = keysetListing(
  'organizations by name prefix',
  ['text', 'text'],
  (row: OrganizationRow & { sort_name: string }) => [row.sort_name, row.id],
);

@Injectable()
export class OrganizationService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly revocation: RealtimeRevocation,
    private readonly outbox: EventOutbox,
  ) {}

  /** How many organizations the API key has (the console's overview): an index-only count of the primary key. */
  async count(apiKeyId: string): Promise<number> {
    const [row] = await this.dataSource.query<Array<{ n: number }>>(
      'SELECT count(*)::int AS n FROM organization WHERE api_key_id = $1',
      [apiKeyId],
    );
    return row.n;
  }

  async add(apiKeyId: string, dto: AddOrganizationsDto): Promise<BatchItem[]> {
    const ids = dto.organizations.map((org) => org.organizationId);
    assertUniqueIds(ids, (i) => `data.organizations[${i}].organizationId`);
    const added = await this.writeIds(INSERT_ORGANIZATIONS, [
      apiKeyId,
      ids,
      dto.organizations.map((org) => org.organizationName ?? org.organizationId),
      dto.organizations.map((org) => JSON.stringify(org.metadata ?? {})),
    ]);
    return ids.map((id) =>
      added.has(id) ? item(id, true, 'Organization added.') : item(id, false, 'Organization already exists.'),
    );
  }

  async update(apiKeyId: string, dto: UpdateOrganizationsDto): Promise<BatchItem[]> {
    const ids = dto.organizations.map((org) => org.organizationId);
    assertUniqueIds(ids, (i) => `data.organizations[${i}].organizationId`);
    const updated = await this.writeIds(UPDATE_ORGANIZATIONS, [
      apiKeyId,
      ids,
      dto.organizations.map((org) => org.organizationName ?? null),
      dto.organizations.map((org) => (org.metadata ? JSON.stringify(org.metadata) : null)),
    ]);
    return ids.map((id) =>
      updated.has(id) ? item(id, true, 'Updated Successfully') : item(id, false, ORGANIZATION_ABSENT),
    );
  }

  /** Organizations whose id or name starts with the prefix, keyset-paged on the index of that field. */
  async search(apiKeyId: string, dto: SearchOrganizationsDto): Promise<KeysetPage<Record<string, unknown>>> {
    const pattern = likePrefix(dto.prefix, dto.searchBy);
    const scope = { apiKeyId, filters: { prefix: dto.prefix } };
    if (dto.searchBy === 'id') {
      const pager = new KeysetPager(ID_SEARCH_LISTING, dto, scope, this.config.pageTokenKey);
      const rows = await this.dataSource.query<OrganizationRow[]>(SEARCH_BY_ID, [
        apiKeyId,
        pattern,
        pager.after?.[0] ?? null,
        pager.limit,
      ]);
      const page = pager.page(rows);
      return { rows: page.rows.map(organizationView), nextToken: page.nextToken };
    }
    const pager = new KeysetPager(NAME_SEARCH_LISTING, dto, scope, this.config.pageTokenKey);
    const rows = await this.dataSource.query<Array<OrganizationRow & { sort_name: string }>>(SEARCH_BY_NAME, [
      apiKeyId,
      pattern,
      pager.after?.[0] ?? null,
      pager.after?.[1] ?? null,
      pager.limit,
    ]);
    const page = pager.page(rows);
    return { rows: page.rows.map(organizationView), nextToken: page.nextToken };
  }

  async get(apiKeyId: string, dto: GetOrganizationsDto): Promise<KeysetPage<Record<string, unknown>>> {
    const ids = dto.organizationIds ?? null;
    if (ids) assertUniqueIds(ids, (i) => `data.organizationIds[${i}]`);
    const pager = new KeysetPager(ORGANIZATION_LISTING, dto, { apiKeyId, filters: ids }, this.config.pageTokenKey);
    const rows = await queryPrepared<OrganizationRow>(this.dataSource, LIST_ORGANIZATIONS, [
      apiKeyId,
      ids,
      pager.after?.[0] ?? null,
      pager.limit,
    ]);
    const page = pager.page(rows);
    return { rows: page.rows.map(organizationView), nextToken: page.nextToken };
  }

  /** Deleting the row is enough: folders, documents, groups and whatever hangs off them cascade. */
  async delete(apiKeyId: string, dto: OrganizationIdsDto): Promise<BatchItem[]> {
    assertUniqueIds(dto.organizationIds, (i) => `data.organizationIds[${i}]`);
    const deleted = await this.writeIds(
      `DELETE FROM organization WHERE api_key_id = $1 AND id = ANY($2) RETURNING ${RETURNED}`,
      [apiKeyId, dto.organizationIds],
      true,
    );
    await this.revoke(apiKeyId, deleted);
    return dto.organizationIds.map((id) =>
      deleted.has(id) ? item(id, true, 'Organization deleted.') : item(id, false, ORGANIZATION_ABSENT),
    );
  }

  /** A missing organization is created unless the caller sends `createOrganization: false` (docs/architecture.md "Resources and live data"). */
  async setDisabled(apiKeyId: string, dto: UpdateDisabledStateDto): Promise<BatchItem[]> {
    assertUniqueIds(dto.organizationIds, (i) => `data.organizationIds[${i}]`);
    const statement = dto.createOrganization === false ? UPDATE_DISABLED : UPSERT_DISABLED;
    const updated = await this.writeIds(statement, [apiKeyId, dto.organizationIds, dto.disabled]);
    if (dto.disabled) await this.revoke(apiKeyId, updated);
    return dto.organizationIds.map((id) =>
      updated.has(id) ? item(id, true, 'Disabled state updated.') : item(id, false, ORGANIZATION_ABSENT),
    );
  }

  /**
   * The organization's disabled flag, read under FOR SHARE (not KEY SHARE) so a concurrent disable
   * waits for the caller's commit, or is seen. Null when it does not exist.
   */
  async lockState(
    manager: EntityManager,
    apiKeyId: string,
    organizationId: string,
  ): Promise<{ disabled: boolean } | null> {
    const rows: { disabled: boolean }[] = await manager.query(
      'SELECT disabled FROM organization WHERE api_key_id = $1 AND id = $2 FOR SHARE',
      [apiKeyId, organizationId],
    );
    return rows[0] ?? null;
  }

  /** Spec (States): a disabled or deleted organization takes read and write access from every live socket. */
  private async revoke(apiKeyId: string, organizationIds: Set<string>): Promise<void> {
    await Promise.all([...organizationIds].map((id) => this.revocation.revokeOrganization(apiKeyId, id)));
  }

  /**
   * Runs one write statement with the organizations' previous state locked, and emits what it did:
   * `organization.add` for a row that did not exist, `organization.delete` for a deleted one, and
   * `organization.update` with the changed fields for one that changed. Every statement here takes
   * the API key as $1 and the organization ids as $2.
   */
  private async writeIds(sql: string, params: unknown[], deleting = false): Promise<Set<string>> {
    const [apiKeyId, ids] = params as [string, string[]];
    const rows = await this.outbox.transaction(apiKeyId, async (manager, emit) => {
      const before: OrganizationRow[] = await manager.query(LOCK_ORGANIZATIONS, [apiKeyId, ids]);
      const { rows: after } = await runStatement<OrganizationRow>(manager, sql, params);
      emitChanges(emit, new Map(before.map((row) => [row.id, row])), after, deleting);
      return after;
    });
    return new Set(rows.map((row) => row.id));
  }
}

function snapshot(row: OrganizationRow): OrganizationSnapshot {
  return { organizationId: row.id, organizationName: row.name, metadata: row.metadata, disabled: row.disabled };
}

function emitChanges(
  emit: Emit,
  before: Map<string, OrganizationRow>,
  after: OrganizationRow[],
  deleting: boolean,
): void {
  for (const row of after) {
    const scope = { organizationId: row.id, documentId: '', actionUser: null, organization: snapshot(row) };
    const previous = before.get(row.id);
    if (deleting) emit({ trigger: 'organization.delete', ...scope });
    else if (!previous) emit({ trigger: 'organization.add', ...scope });
    else {
      const changes = changedFields(snapshot(previous), snapshot(row));
      if (changes) emit({ trigger: 'organization.update', ...scope, changes });
    }
  }
}
