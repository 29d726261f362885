import { Socket } from 'socket.io';
import { EndUser } from '@app/user';

/** The end user a socket's handshake authenticated. */
export function userOf(socket: Socket): EndUser {
  return (socket.data as { user: EndUser }).user;
}
