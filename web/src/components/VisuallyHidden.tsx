/** `VisuallyHidden`: content kept for screen readers and tests but not displayed (CSS clip pattern). */
import type { CSSProperties, ReactNode } from 'react';

const hidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** Props of `VisuallyHidden`. */
export interface VisuallyHiddenProps {
  children: ReactNode;
  /** Wrapper element: 'span' (default, inline content) or 'div' (block content such as a list). */
  as?: 'span' | 'div';
  /** Element id, e.g. the target of an `aria-describedby`. */
  id?: string;
}

/** Text kept for screen readers (and tests) but not displayed, e.g. the header of an icon-only column. */
export function VisuallyHidden({ children, as: Tag = 'span', id }: VisuallyHiddenProps) {
  return (
    <Tag id={id} style={hidden}>
      {children}
    </Tag>
  );
}
