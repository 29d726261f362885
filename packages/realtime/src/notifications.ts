import type { Socket } from 'socket.io-client';
import { request } from './request';
import type { Notification, NotificationSettings } from './types';

export interface NotificationPage {
  notifications: Notification[];
  nextPageToken?: string;
}

/** The user's own inbox in an organization; live notifications arrive through `client.onNotification`. */
export class Notifications {
  constructor(private readonly socket: Socket) {}

  list(
    organizationId: string,
    options: { pageSize?: number; pageToken?: string; unread?: boolean } = {},
  ): Promise<NotificationPage> {
    return request(this.socket, 'notifications:list', { organizationId, ...options });
  }

  async unreadCount(organizationId: string): Promise<number> {
    return (await request<{ count: number }>(this.socket, 'notifications:unread-count', { organizationId })).count;
  }

  markRead(organizationId: string, notificationIds: string[]): Promise<void> {
    return this.mark(organizationId, notificationIds, true);
  }

  markUnread(organizationId: string, notificationIds: string[]): Promise<void> {
    return this.mark(organizationId, notificationIds, false);
  }

  /** The organization's settings, or one document's when `documentId` is given. */
  async settings(organizationId: string, documentId?: string): Promise<NotificationSettings> {
    return (
      await request<{ config: NotificationSettings }>(this.socket, 'notifications:settings:get', {
        organizationId,
        documentId,
      })
    ).config;
  }

  async setSettings(
    organizationId: string,
    config: Partial<NotificationSettings>,
    documentId?: string,
  ): Promise<NotificationSettings> {
    return (
      await request<{ config: NotificationSettings }>(this.socket, 'notifications:settings:set', {
        organizationId,
        documentId,
        config,
      })
    ).config;
  }

  private async mark(organizationId: string, notificationIds: string[], read: boolean): Promise<void> {
    await request(this.socket, 'notifications:mark', { organizationId, notificationIds, read });
  }
}
