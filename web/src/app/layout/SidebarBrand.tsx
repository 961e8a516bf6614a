/** The brand at the top of the sidebar and of the phone drawer: the Vigie mark, and its name unless collapsed. */
import { Link } from 'react-router';
import { BrandMark } from '../../modules/auth/BrandMark';

/** Props of `SidebarBrand`. */
export interface SidebarBrandProps {
  /** Only the mark (collapsed sidebar). */
  collapsed?: boolean;
  /** Called when the link is followed (the drawer closes). */
  onNavigate?: () => void;
}

/** Link to /home showing the Vigie mark and name, 64 px high, on the dark sidebar background. */
export function SidebarBrand({ collapsed = false, onNavigate }: SidebarBrandProps) {
  return (
    <Link
      to="/home"
      aria-label="Vigie, tableau de bord"
      onClick={onNavigate}
      style={{ display: 'flex', alignItems: 'center', gap: 10, height: 64, padding: collapsed ? '0 24px' : '0 20px' }}
    >
      <BrandMark size={30} />
      {collapsed ? null : <span style={{ color: '#fff', fontSize: 18, fontWeight: 600, letterSpacing: 0.3 }}>Vigie</span>}
    </Link>
  );
}
