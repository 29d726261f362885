import type { CommentUser } from '@collab-backend/realtime';
import { initials, userColor } from './names';

/** A user's picture, or their initials on their colour (the colour of their cursor and caret). */
export function Avatar({ user, name }: { user: Pick<CommentUser, 'userId' | 'photoUrl'>; name: string }) {
  return user.photoUrl ? (
    <img className="collab-avatar-image" src={user.photoUrl} alt="" />
  ) : (
    <span className="collab-avatar-image" aria-hidden="true" style={{ background: userColor(user.userId) }}>
      {initials(name)}
    </span>
  );
}
