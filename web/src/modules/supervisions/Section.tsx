/** A card of a supervision page titled with an h2 (the pages' tables and forms). */
import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

/** Props of `Section`. */
export interface SectionProps {
  title: ReactNode;
  /** Shown on the right of the title (a count, a button). */
  extra?: ReactNode;
  testId?: string;
  children: ReactNode;
}

/** A card whose title is an h2 of the page. */
export function Section({ title, extra, testId, children }: SectionProps) {
  return (
    <Card
      data-testid={testId}
      extra={extra}
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0, whiteSpace: 'normal' }}>
          {title}
        </Typography.Title>
      }
    >
      {children}
    </Card>
  );
}
