import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { newId } from '@app/common';
import { sendPrepared } from '@app/database';
import { AfterCommit, DomainEvent, EventRecorder } from '@app/events';
import { isRecorded } from './activity-config';
import { activityOf } from './activity-record';
import { activityRow, INSERT_ACTIVITIES } from './activity-sql';
import { ActivitySinkSettings } from './activity-sink-settings';

/**
 * The activity sink of the event pipeline: every event the configuration records becomes one activity,
 * written with the emitter's transaction, so a change has its activity exactly once. Nothing follows commit.
 */
@Injectable()
export class ActivityRecorder implements EventRecorder {
  constructor(private readonly settings: ActivitySinkSettings) {}

  async record(manager: EntityManager, apiKeyId: string, events: DomainEvent[]): Promise<AfterCommit | undefined> {
    const config = await this.settings.of(manager, apiKeyId);
    if (!config?.isEnabled) return undefined;
    const recorded = events.filter((event) => isRecorded(config, event.trigger));
    if (recorded.length === 0) return undefined;
    const immutable = config.immutable ?? false;
    const rows = recorded.map((event) => activityRow(activityOf(event), newId(), immutable));
    sendPrepared(manager, INSERT_ACTIVITIES, [apiKeyId, JSON.stringify(rows)]);
    return undefined;
  }
}
