import { useOthers, useSelf } from '@collab-backend/react';
import { initials, userColor } from './names';
import { useStrings } from './strings';

export interface AvatarStackProps {
  /** Avatars shown before the rest are counted as "+N". */
  max?: number;
  className?: string;
}

/** Who is in the document: the user first, then the others, each a labelled avatar. */
export function AvatarStack({ max = 5, className }: AvatarStackProps) {
  const strings = useStrings();
  const self = useSelf();
  const others = useOthers();
  const people = [
    ...(self ? [{ ...self, isSelf: true }] : []),
    ...others.map((other) => ({ ...other, isSelf: false })),
  ];
  const shown = people.slice(0, max);
  return (
    <ul className={['collab-avatars', className].filter(Boolean).join(' ')} aria-label={strings.hereNow(people.length)}>
      {shown.map((person) => {
        const name = person.name ?? person.userId;
        return (
          <li
            key={person.userId}
            className="collab-avatar"
            data-user-id={person.userId}
            data-self={person.isSelf || undefined}
            title={name}
            style={{ background: userColor(person.userId) }}
          >
            <span aria-hidden="true">{initials(name)}</span>
            <span className="collab-visually-hidden">{person.isSelf ? strings.you(name) : name}</span>
          </li>
        );
      })}
      {people.length > shown.length && (
        <li className="collab-avatar collab-avatar-more">+{people.length - shown.length}</li>
      )}
    </ul>
  );
}
