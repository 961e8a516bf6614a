/** /admins/{id}/edit screen: save, delete or leave an administrator (SPEC section 2 'Administrators'). */
import type { Admin } from '../../api/types';
import { ResourceEditPage } from '../../components/resource/ResourceEditPage';
import { AdminFields } from './AdminFields';
import { adminToValues, valuesToAdminInput } from './adminForm';
import { adminsResource } from './resource';

const title = (admin: Admin | undefined) => (admin ? `Modifier ${admin.name}` : 'Modifier un administrateur');

/** Edit an administrator (/admins/:id/edit): save in place, delete (confirm) or go back. */
export default function AdminEditPage() {
  return (
    <ResourceEditPage
      resource={adminsResource}
      title={title}
      breadcrumb={[{ title: 'Administrateurs', to: '/admins' }, { title: 'Modifier' }]}
      toValues={adminToValues}
      toInput={valuesToAdminInput}
      formName="admin"
    >
      <AdminFields editing />
    </ResourceEditPage>
  );
}
