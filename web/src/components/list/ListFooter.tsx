/**
 * Pagination footer of lists: '{from}-{to} sur {total} résultats' with previous/next and
 * numbered pages, shown only when last_page > 1 (SPEC section 2 'Common list behaviour').
 */
import { Flex, Pagination as AntPagination, Typography } from 'antd';
import type { Pagination } from '../../api/types';
import { rangeText } from './rangeText';

/** Props of `ListFooter`. */
export interface ListFooterProps {
  pagination: Pagination;
  onPageChange: (page: number) => void;
}

/**
 * '{from}-{to} sur {total} résultats' ('sur environ {total}' when the server only estimated the
 * total; thousands grouped, '1-200 sur 30 000 résultats') with previous/next arrows and numbered pages (`data-testid="list-footer"`). Renders
 * nothing when there is a single page.
 */
export function ListFooter({ pagination, onPageChange }: ListFooterProps) {
  if (pagination.last_page <= 1) return null;
  return (
    <Flex data-testid="list-footer" justify="space-between" align="center" gap={12} wrap style={{ marginTop: 16 }}>
      <Typography.Text type="secondary" data-testid="list-range" data-estimate={pagination.total_is_estimate ? 'true' : undefined}>
        {rangeText(pagination)}
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
