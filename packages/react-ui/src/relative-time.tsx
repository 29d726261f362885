import { useSyncExternalStore } from 'react';
import { useStrings } from './strings';

/** One clock for every time shown, ticking each minute, so "3 minutes ago" stays true without a timer per comment. */
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
function subscribe(listener: () => void) {
  listeners.add(listener);
  timer ??= setInterval(() => {
    now = Date.now();
    listeners.forEach((notify) => notify());
  }, 60_000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) timer = void clearInterval(timer);
  };
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 31_536_000_000],
  ['month', 2_592_000_000],
  ['week', 604_800_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** A moment as people say it ("5 minutes ago"), with the exact date and time on hover and in `datetime`. */
export function RelativeTime({ at }: { at: number | string }) {
  const { locale, justNow } = useStrings();
  useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
  const date = new Date(at);
  const ago = date.getTime() - Date.now();
  const [unit, size] = UNITS.find(([, ms]) => Math.abs(ago) >= ms) ?? [];
  return (
    <time className="collab-time" dateTime={date.toISOString()} title={date.toLocaleString(locale)}>
      {unit
        ? new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(Math.round(ago / (size as number)), unit)
        : justNow}
    </time>
  );
}
