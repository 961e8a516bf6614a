/**
 * Pagination footer of lists: '{from}-{to} sur {total} résultats' with previous/next and
 * numbered pages, shown only when last_page > 1 (SPEC section 2 'Common list behaviour').
 */
import { Flex, Pagination as AntPagination, Typography } from 'antd';
import type { Pagination } from '../../api/types';

/** Props of `ListFooter`. */
export interface ListFooterProps {
  pagination: Pagination;
  onPageChange: (page: number) => void;
}

/** '{from}-{to} sur {total} résultats', or '... sur environ {total} résultats' for an estimated total. */
function rangeText(pagination: Pagination): string {
  const about = pagination.total_is_estimate ? 'environ ' : '';
  return `${pagination.from ?? 0}-${pagination.to ?? 0} sur ${about}${pagination.total} résultats`;
}

/**
 * '{from}-{to} sur {total} résultats' ('sur environ {total}' when the server only estimated the
 * total) with previous/next arrows and numbered pages (`data-testid="list-footer"`). Renders
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
