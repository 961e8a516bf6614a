/**
 * Tighter cells for a wide list that must show every column on a 1440 px screen with the sidebar open
 * (/supervisions/rne, /transactions): the table's cells, headers included, take 8 px side paddings instead of
 * antd's 16, everything else of the theme unchanged. Wraps a `DataList` (or any antd Table).
 */
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';

const DENSE = { components: { Table: { cellPaddingInline: 8 } } };

/** Renders `children` with the dense table cells. */
export function DenseCells({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={DENSE}>{children}</ConfigProvider>;
}
