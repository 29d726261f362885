export { RealtimeClient } from './client';
export type { RealtimeOptions } from './client';
export type { RoomComments, ThreadPage } from './comments';
export type { NotificationPage, Notifications } from './notifications';
export type { Presence } from './presence';
export { Room } from './room';
export { RealtimeError } from './types';
export type * from './types';
