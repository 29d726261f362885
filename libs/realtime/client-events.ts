/**
 * Every event a client may send on `/realtime`, as docs/client-api.md lists them. The gateway answers
 * exactly these (its handler table is typed by this list) and refuses any other name; the socket fuzz
 * suite fuzzes each one.
 */
export const CLIENT_EVENTS = [
  'subscribe',
  'unsubscribe',
  'livestate:set',
  'presence:set',
  'event:broadcast',
  'comments:list',
  'comments:get',
  'comments:add',
  'comments:reply',
  'comments:edit',
  'comments:delete',
  'comments:react',
  'comments:unreact',
  'comments:status',
  'comments:subscribe',
  'comments:unsubscribe',
  'comments:read',
  'comments:changes',
  'users:mentionable',
  'notifications:list',
  'notifications:unread-count',
  'notifications:mark',
  'notifications:settings:get',
  'notifications:settings:set',
] as const;

export type ClientEvent = (typeof CLIENT_EVENTS)[number];

/** The events the gateway answers itself (subscriptions, live state and the hot path); the rest are ClientPlaneHandlers'. */
export type GatewayEvent = 'subscribe' | 'unsubscribe' | 'livestate:set' | 'presence:set' | 'event:broadcast';
export type ClientPlaneEvent = Exclude<ClientEvent, GatewayEvent>;
