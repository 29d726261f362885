import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AfterCommit, commentRecipients, DomainEvent, EventRecorder, isCommentEvent } from '@app/events';
import { RealtimeHub } from '@app/realtime-hub';
import { commentNotification } from './comment-notification';
import { Notification, NotificationPerson } from './entities/notification.entity';
import { NotificationPreferences } from './notification-preferences.service';
import { preferenceAllows } from './notification-preference-rules';
import { sendNotification } from './notification-store';
import { pushNotification } from './notification-push';
import { NotificationSinkSettings } from './notification-sink-settings';
import { triggerNotifies } from './workspace-notification-config';

/**
 * The in-app notification sink of the event pipeline: for each comment event, one notification listing
 * the people commentRecipients names whose inbox setting lets it through, written in the emitter's
 * transaction (exactly once with the change); their sockets get it after commit.
 */
@Injectable()
export class NotificationRecorder implements EventRecorder {
  constructor(
    private readonly preferences: NotificationPreferences,
    private readonly hub: RealtimeHub,
    private readonly settings: NotificationSinkSettings,
  ) {}

  async record(manager: EntityManager, apiKeyId: string, events: DomainEvent[]): Promise<AfterCommit | undefined> {
    const comments = events.filter(isCommentEvent);
    if (comments.length === 0) return undefined;
    const workspace = await this.settings.of(manager, apiKeyId);
    const written: Array<{ stored: () => Promise<Notification | null>; recipients: NotificationPerson[] }> = [];
    for (const event of comments) {
      if (!triggerNotifies(workspace, event.trigger)) continue;
      const candidates = commentRecipients(event);
      if (candidates.length === 0) continue;
      const { organizationId, documentId } = event;
      const setting = await this.preferences.settingsOf(
        manager,
        apiKeyId,
        organizationId,
        documentId,
        candidates.map((candidate) => candidate.user.userId),
      );
      const recipients = candidates.filter((candidate) =>
        preferenceAllows(setting(candidate.user.userId, 'inbox'), candidate.reason),
      );
      if (recipients.length === 0) continue;
      const people = recipients.map((recipient) => recipient.user);
      const stored = sendNotification(manager, commentNotification(apiKeyId, event, recipients), people);
      written.push({ stored, recipients: people });
    }
    if (written.length === 0) return undefined;
    return async () => {
      for (const { stored, recipients } of written) {
        const row = await stored();
        if (row) pushNotification(this.hub, row, recipients);
      }
    };
  }
}
