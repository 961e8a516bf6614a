/**
 * Media-query hooks of the responsive shell. The breakpoints are antd's (`screenMD`,
 * `screenLG`), so that what these hooks decide agrees with antd's own responsive props (Table columns'
 * `responsive`, Grid). Unlike antd's `Grid.useBreakpoint`, which answers `{}` on the first render, they
 * read `window.matchMedia` synchronously: the first render is already the right layout (no sidebar flash).
 */
import { useSyncExternalStore } from 'react';

/** antd's breakpoints in CSS pixels: a screen is `md` from 768 px wide, `lg` from 992 px. */
export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200 } as const;

/** A breakpoint name of `BREAKPOINTS`. */
export type Breakpoint = keyof typeof BREAKPOINTS;

/** Whether `query` (a CSS media query, e.g. '(min-width: 992px)') matches now; re-renders when it changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Whether the window is at least as wide as the breakpoint `name` (e.g. `useScreenUp('lg')` on a laptop). */
export function useScreenUp(name: Breakpoint): boolean {
  return useMediaQuery(`(min-width: ${BREAKPOINTS[name]}px)`);
}
