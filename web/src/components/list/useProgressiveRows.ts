/**
 * `useProgressiveRows`: the rows a long list draws first: a screenful at once, the rest right after that first paint, as a non-urgent (interruptible)
 * update, so that the first rows show without waiting for the 200th and no single task draws them all.
 */
import { startTransition, useEffect, useMemo, useState } from 'react';

/** Runs `callback` once the browser has painted (next frame, then a task), or soon in a hidden tab. */
function afterPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (document.visibilityState !== 'visible') {
    timer = setTimeout(callback, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * The rows to draw now: all of `rows` when `first` is undefined or not smaller than their number;
 * otherwise the first `first` rows of each new `rows` array, then, after the next paint, all of them.
 * The returned array keeps its identity between renders while nothing changes.
 */
export function useProgressiveRows<T>(rows: T[], first: number | undefined): T[] {
  const [completed, setCompleted] = useState<T[] | null>(null);
  const showAll = first === undefined || rows.length <= first || completed === rows;
  useEffect(() => {
    if (showAll) return;
    return afterPaint(() => startTransition(() => setCompleted(rows)));
  }, [rows, showAll]);
  return useMemo(() => (showAll ? rows : rows.slice(0, first)), [rows, showAll, first]);
}
