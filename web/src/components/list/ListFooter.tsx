import { Flex, Pagination as AntPagination, Typography } from 'antd';
import type { Pagination } from '../../api/types';

/** Props of `ListFooter`. */
export interface ListFooterProps {
  pagination: Pagination;
  onPageChange: (page: number) => void;
}

/**
 * '{from}-{to} sur {total} résultats' with previous/next arrows and numbered pages
 * (`data-testid="list-footer"`). Renders nothing when there is a single page.
 */
export function ListFooter({ pagination, onPageChange }: ListFooterProps) {
  if (pagination.last_page <= 1) return null;
  return (
    <Flex data-testid="list-footer" justify="space-between" align="center" gap={12} wrap style={{ marginTop: 16 }}>
      <Typography.Text type="secondary" data-testid="list-range">
        {`${pagination.from ?? 0}-${pagination.to ?? 0} sur ${pagination.total} résultats`}
      </Typography.Text>
      <AntPagination
        current={pagination.current_page}
        total={pagination.total}
        pageSize={pagination.per_page}
        showSizeChanger={false}
        onChange={onPageChange}
      />
    </Flex>
  );
}
