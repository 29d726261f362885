export { RealtimeClient } from './client.js';
export type { RealtimeOptions } from './client.js';
export { Room } from './room.js';
export { RealtimeError } from './types.js';
export type { DocumentRef, LiveStateValue, Notification, PresenceUser } from './types.js';
