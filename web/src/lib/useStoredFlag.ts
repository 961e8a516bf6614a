/**
 * A yes/no preference of the browser, kept in localStorage so that it survives reloads (e.g. the collapsed
 * sidebar). Storage may be unavailable (private mode, quota): the flag then lives for the page only.
 */
import { useCallback, useState } from 'react';

/** The stored value of `key` ('1' or '0'), or `fallback` when absent or unreadable. */
function readFlag(key: string, fallback: boolean): boolean {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? fallback : raw === '1';
  } catch {
    return fallback;
  }
}

/**
 * `[value, set]` of the flag stored under `key` (`fallback` until first set); `set` takes a value or an updater,
 * like React's setter, and stores the result.
 */
export function useStoredFlag(key: string, fallback: boolean): [boolean, (next: boolean | ((current: boolean) => boolean)) => void] {
  const [value, setValue] = useState(() => readFlag(key, fallback));
  const set = useCallback(
    (next: boolean | ((current: boolean) => boolean)) => {
      setValue((current) => {
        const resolved = typeof next === 'function' ? next(current) : next;
        try {
          window.localStorage.setItem(key, resolved ? '1' : '0');
        } catch {
          // Not stored: the flag holds until the page is left.
        }
        return resolved;
      });
    },
    [key],
  );
  return [value, set];
}
