import { Injectable } from '@nestjs/common';
import { Socket } from 'socket.io';
import { ApiError, ErrorCode } from '@app/common';
import {
  ClientActor,
  ClientAddThreadDto,
  ClientChangesDto,
  ClientComments,
  ClientDeleteDto,
  ClientDocumentRefDto,
  ClientEditCommentDto,
  ClientListThreadsDto,
  ClientReactionDto,
  ClientReplyDto,
  ClientThreadRefDto,
  ClientThreadStatusDto,
  MentionableUsersDto,
} from '@app/comment';
import {
  InboxListDto,
  InboxMarkDto,
  InboxSetSettingsDto,
  InboxSettingsDto,
  NotificationInbox,
} from '@app/notification';
import { ClientPlaneEvent } from './client-events';
import { SocketAccess } from './socket-access.service';
import { parsePayload } from './socket-payload';
import { userOf } from './socket-user';

/** One client-plane operation: the socket's user, the raw payload, and the ack's success fields. */
export type ClientHandler = (socket: Socket, payload: unknown) => Promise<object>;

/**
 * The client plane's comment and inbox operations, by socket event. Each acts as the socket's user:
 * a `from` naming anyone else is refused, and the role on the document is resolved afresh (grants or
 * the permission provider, as subscriptions do), so a removed grant stops the next operation.
 */
@Injectable()
export class ClientPlaneHandlers {
  constructor(
    private readonly access: SocketAccess,
    private readonly comments: ClientComments,
    private readonly inbox: NotificationInbox,
  ) {}

  readonly handlers: Record<ClientPlaneEvent, ClientHandler> = {
    'comments:list': (socket, payload) =>
      this.onDocument(socket, ClientListThreadsDto, payload, (actor, dto) => this.comments.list(actor, dto)),
    'comments:get': (socket, payload) =>
      this.onDocument(socket, ClientThreadRefDto, payload, async (actor, dto) => ({
        thread: await this.comments.get(actor, dto),
      })),
    'comments:add': (socket, payload) =>
      this.onDocument(socket, ClientAddThreadDto, payload, async (actor, dto) => ({
        thread: await this.comments.add(actor, dto),
      })),
    'comments:reply': (socket, payload) =>
      this.onDocument(socket, ClientReplyDto, payload, (actor, dto) => this.comments.reply(actor, dto)),
    'comments:edit': (socket, payload) =>
      this.onDocument(socket, ClientEditCommentDto, payload, async (actor, dto) => ({
        thread: await this.comments.edit(actor, dto),
      })),
    'comments:delete': (socket, payload) =>
      this.onDocument(
        socket,
        ClientDeleteDto,
        payload,
        async (actor, dto) => (await this.comments.delete(actor, dto), {}),
      ),
    'comments:react': (socket, payload) =>
      this.onDocument(socket, ClientReactionDto, payload, async (actor, dto) => ({
        thread: await this.comments.react(actor, dto, 'add'),
      })),
    'comments:unreact': (socket, payload) =>
      this.onDocument(socket, ClientReactionDto, payload, async (actor, dto) => ({
        thread: await this.comments.react(actor, dto, 'delete'),
      })),
    'comments:status': (socket, payload) =>
      this.onDocument(socket, ClientThreadStatusDto, payload, async (actor, dto) => ({
        thread: await this.comments.setStatus(actor, dto),
      })),
    'comments:subscribe': (socket, payload) =>
      this.onDocument(socket, ClientThreadRefDto, payload, async (actor, dto) => ({
        thread: await this.comments.subscribe(actor, dto, true),
      })),
    'comments:unsubscribe': (socket, payload) =>
      this.onDocument(socket, ClientThreadRefDto, payload, async (actor, dto) => ({
        thread: await this.comments.subscribe(actor, dto, false),
      })),
    'comments:read': (socket, payload) =>
      this.onDocument(
        socket,
        ClientThreadRefDto,
        payload,
        async (actor, dto) => (await this.comments.markRead(actor, dto), {}),
      ),
    'comments:changes': (socket, payload) =>
      this.onDocument(socket, ClientChangesDto, payload, (actor, dto) => this.comments.changes(actor, dto)),
    'users:mentionable': (socket, payload) =>
      this.onDocument(socket, MentionableUsersDto, payload, async (actor, dto) => ({
        users: await this.comments.mentionable(actor, dto),
      })),
    'notifications:list': async (socket, payload) => {
      const user = userOf(socket);
      return this.inbox.list(user.apiKeyId, user.userId, parsePayload(InboxListDto, payload));
    },
    'notifications:unread-count': async (socket, payload) => {
      const user = userOf(socket);
      return {
        count: await this.inbox.unreadCount(
          user.apiKeyId,
          user.userId,
          parsePayload(InboxSettingsDto, payload).organizationId,
        ),
      };
    },
    'notifications:mark': async (socket, payload) => {
      const user = userOf(socket);
      await this.inbox.mark(user.apiKeyId, user.userId, parsePayload(InboxMarkDto, payload));
      return {};
    },
    'notifications:settings:get': async (socket, payload) => {
      const user = userOf(socket);
      return { config: await this.inbox.settings(user.apiKeyId, user.userId, parsePayload(InboxSettingsDto, payload)) };
    },
    'notifications:settings:set': async (socket, payload) => {
      const user = userOf(socket);
      return {
        config: await this.inbox.setSettings(user.apiKeyId, user.userId, parsePayload(InboxSetSettingsDto, payload)),
      };
    },
  };

  private async onDocument<T extends ClientDocumentRefDto>(
    socket: Socket,
    dtoClass: new () => T,
    payload: unknown,
    work: (actor: ClientActor, dto: T) => Promise<object>,
  ): Promise<object> {
    const dto = parsePayload(dtoClass, payload);
    const user = userOf(socket);
    if (dto.from && dto.from.userId !== user.userId)
      throw new ApiError(
        ErrorCode.PERMISSION_DENIED,
        "data.from must be the token's user: a client acts only as itself.",
      );
    const role = await this.access.roleOn(user, dto.organizationId, dto.documentId);
    if (!role) throw new ApiError(ErrorCode.PERMISSION_DENIED, 'No access to this document.');
    return work({ apiKeyId: user.apiKeyId, userId: user.userId, name: user.name, email: user.email, role }, dto);
  }
}
