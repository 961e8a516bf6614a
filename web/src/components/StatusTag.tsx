/** Status badge 'Actif' / 'Désactivé' for status 1 / 0 (SPEC section 4 'States and transitions'). */
import { Tag } from 'antd';

/** Props of `StatusTag`: `status` 1 (active) or 0 (disabled). */
export interface StatusTagProps {
  status: number;
}

/** Status badge: 'Actif' in green for 1, 'Désactivé' in red otherwise. */
export function StatusTag({ status }: StatusTagProps) {
  const active = status === 1;
  return (
    <Tag color={active ? 'success' : 'error'} variant="outlined" data-testid="status-tag" data-status={active ? 1 : 0}>
      {active ? 'Actif' : 'Désactivé'}
    </Tag>
  );
}
