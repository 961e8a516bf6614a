/** Row button 'Désactiver' / 'Activer' switching a status between 1 and 0 (SPEC section 4). */
import { CheckCircleOutlined, StopOutlined } from '@ant-design/icons';
import { Button } from 'antd';

/** Props of `StatusToggleButton`. */
export interface StatusToggleButtonProps {
  /** Current status: 1 shows 'Désactiver', 0 shows 'Activer'. */
  status: number;
  onClick: () => void;
}

/** Row action switching a status: 'Désactiver' when active, 'Activer' when disabled. */
export function StatusToggleButton({ status, onClick }: StatusToggleButtonProps) {
  const active = status === 1;
  return (
    <Button
      size="small"
      danger={active}
      icon={active ? <StopOutlined aria-hidden /> : <CheckCircleOutlined aria-hidden />}
      onClick={onClick}
      data-testid="toggle-status"
    >
      {active ? 'Désactiver' : 'Activer'}
    </Button>
  );
}
