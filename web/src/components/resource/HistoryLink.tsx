/**
 * « Historique » of a record: a link to the « Journal d’audit » (/audit) filtered on the record's resource and id
 * (docs/audit.md), shown on every edit page whose resource declares its audit name.
 */
import { HistoryOutlined } from '@ant-design/icons';
import { ButtonLink } from '../ButtonLink';

/** The /audit URL of a record: its resource (the audit trail's name, e.g. `api_customers`) and id. */
export function historyPath(resource: string, id: number | string): string {
  return `/audit?${new URLSearchParams({ resource, resource_id: String(id) }).toString()}`;
}

/** The « Historique » button-link of record `id` of `resource`. */
export function HistoryLink({ resource, id }: { resource: string; id: number | string }) {
  return (
    <ButtonLink to={historyPath(resource, id)} icon={<HistoryOutlined aria-hidden />} data-testid="history-link">
      Historique
    </ButtonLink>
  );
}
