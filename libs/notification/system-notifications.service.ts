import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ApiError } from '@app/common';
import { RealtimeHub } from '@app/realtime-hub';
import { ensureDocument } from '@app/resource';
import { insertNotification } from './notification-store';
import { pushNotification } from './notification-push';

/** A notification the service writes itself (a review workflow asking its reviewers), not a client's. */
export interface SystemNotice {
  apiKeyId: string;
  organizationId: string;
  documentId: string;
  /** Stable, so a rerun of the same work writes nothing twice. */
  id: string;
  userIds: readonly string[];
  headline: string;
  body: string;
  source: string;
  sourceData: Record<string, unknown>;
}

/**
 * In-app notifications written on the caller's transaction and pushed to the listed users' sockets
 * after it commits. A notification lives on a document, so nothing is written when it is missing.
 */
@Injectable()
export class SystemNotifications {
  constructor(private readonly hub: RealtimeHub) {}

  /** Answers the push to run after commit, or null when nothing was written. */
  async write(manager: EntityManager, notice: SystemNotice): Promise<(() => void) | null> {
    try {
      await ensureDocument(manager, notice.apiKeyId, notice.organizationId, notice.documentId);
    } catch (error) {
      if (error instanceof ApiError) return null;
      throw error;
    }
    const recipients = notice.userIds.map((userId) => ({ userId }));
    const row = await insertNotification(
      manager,
      {
        apiKeyId: notice.apiKeyId,
        organizationId: notice.organizationId,
        documentId: notice.documentId,
        id: notice.id,
        locationId: null,
        actionUser: null,
        headlineTemplate: notice.headline,
        headlineTemplateData: null,
        bodyMessage: notice.body,
        source: notice.source,
        sourceData: notice.sourceData,
        context: null,
        notifyAll: false,
        resolverUsed: false,
      },
      recipients,
    );
    return row ? () => pushNotification(this.hub, row, recipients) : null;
  }
}
