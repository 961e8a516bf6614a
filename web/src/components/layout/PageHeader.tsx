/**
 * Page header: breadcrumb always starting with Dashboard (/home) (SPEC section 2), h1
 * title, actions and the browser tab title.
 */
import { Breadcrumb, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** One breadcrumb step after 'Dashboard': a label, linked when `to` is given. */
export interface Crumb {
  title: string;
  to?: string;
}

/** Props of `PageHeader`. */
export interface PageHeaderProps {
  /** Page title (h1, and the browser tab title). */
  title: ReactNode;
  /** Tab title when `title` is not a plain string. */
  documentTitle?: string;
  /** Breadcrumb steps after the leading 'Dashboard' link (which is always there). */
  breadcrumb?: Crumb[];
  /** Actions shown on the right of the title (buttons, links). */
  extra?: ReactNode;
}

/**
 * Top of every page: breadcrumbs starting with 'Dashboard' (/home), the h1 title and
 * optional actions. Also sets the browser tab title.
 */
export function PageHeader({ title, documentTitle, breadcrumb = [], extra }: PageHeaderProps) {
  const items = [
    { key: 'home', title: <Link to="/home">Dashboard</Link> },
    ...breadcrumb.map((crumb, index) => ({
      key: `${index}-${crumb.title}`,
      title: crumb.to && index < breadcrumb.length - 1 ? <Link to={crumb.to}>{crumb.title}</Link> : crumb.title,
    })),
  ];
  const tabTitle = documentTitle ?? (typeof title === 'string' ? title : undefined);
  return (
    <header style={{ marginBottom: 20 }}>
      {tabTitle ? <title>{`${tabTitle} · Vigie`}</title> : null}
      <Breadcrumb items={items} data-testid="breadcrumb" style={{ marginBottom: 8 }} />
      <Flex justify="space-between" align="center" gap={16} wrap>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
          {title}
        </Typography.Title>
        {extra ? (
          <Flex gap={8} wrap align="center">
            {extra}
          </Flex>
        ) : null}
      </Flex>
    </header>
  );
}
