/** 'Modifier' row link to a resource's edit page (`/<resource>/{id}/edit`, SPEC section 2). */
import { EditOutlined } from '@ant-design/icons';
import { Link } from 'react-router';

/** Props of `EditLink`. */
export interface EditLinkProps {
  /** Path of the edit page, e.g. `/admins/3/edit`. */
  to: string;
}

/** 'Modifier' row link to an edit page. */
export function EditLink({ to }: EditLinkProps) {
  return (
    <Link to={to} data-testid="edit-link" style={{ whiteSpace: 'nowrap' }}>
      <EditOutlined aria-hidden /> Modifier
    </Link>
  );
}
