/** Row button 'Désactiver' / 'Activer' switching a status between 1 and 0 (SPEC section 4). */
import { CheckCircleOutlined, StopOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { DisabledReason } from '../feedback/DisabledReason';

/** Props of `StatusToggleButton`. */
export interface StatusToggleButtonProps {
  /** Current status: 1 shows 'Désactiver', 0 shows 'Activer'. */
  status: number;
  onClick: () => void;
  /** Why the toggle is refused (e.g. 'Le Super admin ne peut être désactivé'): disabled, with that tooltip. */
  disabledReason?: string;
}

/**
 * Row action switching a status: 'Désactiver' when active, 'Activer' when disabled; disabled with a
 * tooltip saying why when `disabledReason` is given.
 */
export function StatusToggleButton({ status, onClick, disabledReason }: StatusToggleButtonProps) {
  const active = status === 1;
  return (
    <DisabledReason reason={disabledReason}>
      {(disabledProps) => (
        <Button
          size="small"
          danger={active}
          icon={active ? <StopOutlined aria-hidden /> : <CheckCircleOutlined aria-hidden />}
          onClick={onClick}
          data-testid="toggle-status"
          {...disabledProps}
        >
          {active ? 'Désactiver' : 'Activer'}
        </Button>
      )}
    </DisabledReason>
  );
}
