import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import {
  ApiError,
  AppConfig,
  assertUniqueIds,
  BatchItem,
  ErrorCode,
  item,
  KeysetPage,
  KeysetPager,
  keysetListing,
  newId,
} from '@app/common';
import { AddActivitiesDto, DeleteActivitiesDto, GetActivitiesDto, UpdateActivitiesDto } from './dto/activities.dto';
import { activityView } from './activity-record';
import { ActivityConfigService, retentionCutoff } from './activity-config.service';
import { Activity } from './entities/activity.entity';

/** Every column an add with a known id rewrites: all but the key. */
const OVERWRITTEN_COLUMNS = [
  'document_id',
  'timestamp',
  'feature_type',
  'action_type',
  'event_type',
  'actor_user_id',
  'action_user',
  'target_entity_id',
  'target_sub_entity_id',
  'changes',
  'entity_data',
  'entity_target_data',
  'display_message_template',
  'display_message_template_data',
  'action_icon',
  'immutable',
  'is_activity_resolver_used',
  'metadata',
];

const ACTIVITY_LISTING = keysetListing('activities', ['bigint', 'text'], (row: Activity) => [row.timestamp, row.id]);

/** Velt's activities routes: custom activities written, updated and deleted by the caller, and the log read back. */
@Injectable()
export class ActivityService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly configs: ActivityConfigService,
  ) {}

  /** All or nothing; a caller-chosen id overwrites its activity unless that one is immutable. */
  async add(apiKeyId: string, dto: AddActivitiesDto): Promise<void> {
    const settings = await this.configs.stored(apiKeyId);
    if (!settings?.isEnabled)
      throw new ApiError(
        ErrorCode.FAILED_PRECONDITION,
        'Activity logs are not enabled: set activityServiceConfig.isEnabled with activityconfig/update.',
      );
    assertUniqueIds(
      dto.activities.map((activity) => activity.id),
      (i) => `data.activities[${i}].id`,
    );
    dto.activities.forEach((activity, i) => {
      if (activity.featureType === 'custom' && activity.targetEntityId == null)
        throw ApiError.invalid(`data.activities[${i}].targetEntityId is required when featureType is custom.`);
    });
    const timestamp = String(Date.now());
    const rows = dto.activities.map((activity) => ({
      apiKeyId,
      organizationId: dto.organizationId,
      id: activity.id ?? newId(),
      documentId: dto.documentId,
      timestamp,
      featureType: activity.featureType,
      actionType: activity.actionType,
      eventType: activity.eventType ?? null,
      actorUserId: activity.actionUser.userId,
      actionUser: { ...activity.actionUser },
      targetEntityId: activity.targetEntityId ?? null,
      targetSubEntityId: activity.targetSubEntityId ?? null,
      changes: activity.changes ?? null,
      entityData: activity.entityData ?? null,
      entityTargetData: activity.entityTargetData ?? null,
      displayMessageTemplate: activity.displayMessageTemplate ?? null,
      displayMessageTemplateData: activity.displayMessageTemplateData ?? null,
      actionIcon: activity.actionIcon ?? null,
      immutable: settings.immutable ?? false,
      isActivityResolverUsed: activity.isActivityResolverUsed ?? null,
      metadata: {},
    }));
    const ids = rows.map((row) => row.id);
    await this.dataSource.transaction(async (manager) => {
      const immutable = await manager
        .createQueryBuilder(Activity, 'a')
        .select('a.id')
        .where('a.apiKeyId = :apiKeyId AND a.organizationId = :organizationId AND a.id IN (:...ids) AND a.immutable', {
          apiKeyId,
          organizationId: dto.organizationId,
          ids,
        })
        .setLock('pessimistic_write')
        .getOne();
      if (immutable)
        throw new ApiError(
          ErrorCode.FAILED_PRECONDITION,
          `Activity ${immutable.id} is immutable and cannot be overwritten.`,
        );
      await manager
        .createQueryBuilder()
        .insert()
        .into(Activity)
        .values(rows as QueryDeepPartialEntity<Activity>[])
        .orUpdate(OVERWRITTEN_COLUMNS, ['api_key_id', 'organization_id', 'id'])
        .execute();
    });
  }

  async update(apiKeyId: string, dto: UpdateActivitiesDto): Promise<BatchItem[]> {
    assertUniqueIds(
      dto.activities.map((activity) => activity.id),
      (i) => `data.activities[${i}].id`,
    );
    return this.dataSource.transaction(async (manager) => {
      const ids = dto.activities.map((activity) => activity.id);
      const existing = await manager
        .createQueryBuilder(Activity, 'a')
        .select(['a.id', 'a.immutable'])
        .where('a.apiKeyId = :apiKeyId AND a.organizationId = :organizationId AND a.id IN (:...ids)', {
          apiKeyId,
          organizationId: dto.organizationId,
          ids,
        })
        .setLock('pessimistic_write')
        .getMany();
      const found = new Map(existing.map((row) => [row.id, row]));
      const items: BatchItem[] = [];
      for (const activity of dto.activities) {
        const row = found.get(activity.id);
        if (!row) {
          items.push(item(activity.id, false, 'Failed to update activity.'));
          continue;
        }
        if (row.immutable) {
          items.push(item(activity.id, false, 'Activity is immutable.'));
          continue;
        }
        const { id, ...fields } = activity;
        const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value != null));
        if (Object.keys(changes).length > 0)
          await manager.update(Activity, { apiKeyId, organizationId: dto.organizationId, id }, changes);
        items.push(item(id, true, 'Activity updated.'));
      }
      return items;
    });
  }

  /** Velt: at least one of documentId, targetEntityId, activityIds; they combine. Immutable activities stay. */
  async delete(apiKeyId: string, dto: DeleteActivitiesDto): Promise<BatchItem[]> {
    if (dto.documentId == null && dto.targetEntityId == null && dto.activityIds == null) {
      throw ApiError.invalid('At least one of data.documentId, data.targetEntityId or data.activityIds is required.');
    }
    const query = this.dataSource
      .createQueryBuilder()
      .delete()
      .from(Activity)
      .where('api_key_id = :apiKeyId AND organization_id = :organizationId AND immutable = false', {
        apiKeyId,
        organizationId: dto.organizationId,
      });
    if (dto.documentId != null) query.andWhere('document_id = :documentId', { documentId: dto.documentId });
    if (dto.targetEntityId != null)
      query.andWhere('target_entity_id = :targetEntityId', { targetEntityId: dto.targetEntityId });
    if (dto.activityIds != null) query.andWhere('id IN (:...ids)', { ids: dto.activityIds });
    const result = await query.returning(['id']).execute();
    const deleted = new Set((result.raw as Array<{ id: string }>).map((row) => row.id));
    const items = [...deleted].map((id) => item(id, true, 'Activity deleted.'));
    for (const id of new Set(dto.activityIds ?? []))
      if (!deleted.has(id)) items.push(item(id, false, 'Failed to delete activity.'));
    return items;
  }

  /** Newest first unless `order` is asc; activities past the API key's retention are not returned. */
  async get(apiKeyId: string, dto: GetActivitiesDto): Promise<KeysetPage<Record<string, unknown>>> {
    const order = dto.order ?? 'desc';
    const filters = {
      organizationId: dto.organizationId,
      documentId: dto.documentId ?? null,
      targetEntityId: dto.targetEntityId ?? null,
      featureTypes: dto.featureTypes ?? null,
      actionTypes: dto.actionTypes ?? null,
      userId: dto.userId ?? null,
      activityIds: dto.activityIds ?? null,
      startTime: dto.startTime ?? null,
      endTime: dto.endTime ?? null,
      order,
    };
    const pager = new KeysetPager(ACTIVITY_LISTING, dto, { apiKeyId, filters }, this.config.pageTokenKey);
    const settings = await this.configs.stored(apiKeyId);
    const query = this.dataSource
      .getRepository(Activity)
      .createQueryBuilder('a')
      .where('a.apiKeyId = :apiKeyId AND a.organizationId = :organizationId', {
        apiKeyId,
        organizationId: dto.organizationId,
      });
    applyFilters(query, filters);
    const cutoff = retentionCutoff(settings?.retentionDays, Date.now());
    if (cutoff !== null) query.andWhere('a.timestamp >= :cutoff', { cutoff });
    const direction = order === 'asc' ? 'ASC' : 'DESC';
    if (pager.after)
      query.andWhere(`(a.timestamp, a.id) ${order === 'asc' ? '>' : '<'} (:afterTime, :afterId)`, {
        afterTime: pager.after[0],
        afterId: pager.after[1],
      });
    const rows = await query
      .orderBy('a.timestamp', direction)
      .addOrderBy('a.id', direction)
      .take(pager.limit)
      .getMany();
    const page = pager.page(rows);
    return { rows: page.rows.map(activityView), nextToken: page.nextToken };
  }
}

type ActivityFilters = {
  documentId: string | null;
  targetEntityId: string | null;
  featureTypes: string[] | null;
  actionTypes: string[] | null;
  userId: string | null;
  activityIds: string[] | null;
  startTime: number | null;
  endTime: number | null;
};

function applyFilters(query: SelectQueryBuilder<Activity>, filters: ActivityFilters): void {
  if (filters.documentId !== null) query.andWhere('a.documentId = :documentId', { documentId: filters.documentId });
  if (filters.targetEntityId !== null)
    query.andWhere('a.targetEntityId = :targetEntityId', { targetEntityId: filters.targetEntityId });
  if (filters.featureTypes !== null)
    query.andWhere('a.featureType IN (:...featureTypes)', { featureTypes: filters.featureTypes });
  if (filters.actionTypes !== null)
    query.andWhere('a.actionType IN (:...actionTypes)', { actionTypes: filters.actionTypes });
  if (filters.userId !== null) query.andWhere('a.actorUserId = :userId', { userId: filters.userId });
  if (filters.activityIds !== null) query.andWhere('a.id IN (:...activityIds)', { activityIds: filters.activityIds });
  if (filters.startTime !== null) query.andWhere('a.timestamp >= :startTime', { startTime: filters.startTime });
  if (filters.endTime !== null) query.andWhere('a.timestamp <= :endTime', { endTime: filters.endTime });
}
