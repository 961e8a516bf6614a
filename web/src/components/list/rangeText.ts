/**
 * Range text of the list footer (SPEC section 2 'Common list behaviour': 'from-to of total results'),
 * numbers grouped by thousands as the statistics cards show them.
 */
import type { Pagination } from '../../api/types';

const number = new Intl.NumberFormat('fr-FR');

/**
 * '{from}-{to} sur {total} résultats', or '… sur environ {total} résultats' for an estimated total;
 * numbers in French grouping ('1-200 sur 30 000 résultats', with a narrow no-break space U+202F).
 */
export function rangeText(pagination: Pick<Pagination, 'from' | 'to' | 'total' | 'total_is_estimate'>): string {
  const about = pagination.total_is_estimate ? 'environ ' : '';
  return `${number.format(pagination.from ?? 0)}-${number.format(pagination.to ?? 0)} sur ${about}${number.format(pagination.total)} résultats`;
}
