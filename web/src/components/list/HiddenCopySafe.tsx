/**
 * `HiddenCopySafe`: wraps a table header's content that holds a control (the selection column's checkbox).
 * antd's Table draws every header title a second time, in a row hidden from assistive technologies that only
 * measures the columns (`tr.ant-table-measure-row`, `aria-hidden="true"`); a checkbox there is a focusable control
 * inside hidden content (WCAG 4.1.2, axe rule `aria-hidden-focus`). In that copy the wrapper makes its content
 * inert and takes its controls out of the tab order; the visible header is left as is.
 */
import { useLayoutEffect, useRef, type ReactNode } from 'react';

/** Renders `children`; when drawn inside an `aria-hidden` ancestor, makes them inert and unfocusable. */
export function HiddenCopySafe({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element?.parentElement?.closest('[aria-hidden="true"]')) return;
    element.inert = true;
    for (const control of element.querySelectorAll<HTMLElement>('input, button, [tabindex]')) control.tabIndex = -1;
  });
  return <span ref={ref}>{children}</span>;
}
