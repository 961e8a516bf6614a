/** /admins/{id}/edit screen: save, delete or leave an administrator (SPEC section 2 'Administrators'). */
import { adminLocks } from '../../../../contract/admin-rules';
import type { Admin } from '../../api/types';
import { ResourceEditPage } from '../../components/resource/ResourceEditPage';
import { useRouteId } from '../../components/resource/useResourceQueries';
import { useCurrentUser } from '../auth/CurrentUserContext';
import { AdminFields } from './AdminFields';
import { adminToValues, valuesToAdminUpdate } from './adminForm';
import { adminsResource } from './resource';

const title = (admin: Admin | undefined) => (admin ? `Modifier ${admin.name}` : 'Modifier un administrateur');

/**
 * Edit an administrator (/admins/:id/edit): save in place, delete (confirm) or go back. For the super
 * admin and for one's own account, 'Effacer' and 'Actif' are disabled and say why, and so are the super
 * admin's Email and 'Mot de passe'.
 */
export default function AdminEditPage() {
  const locks = adminLocks(useRouteId(), useCurrentUser().id);
  return (
    <ResourceEditPage
      resource={adminsResource}
      title={title}
      breadcrumb={[{ title: 'Administrateurs', to: '/admins' }, { title: 'Modifier' }]}
      toValues={adminToValues}
      toInput={valuesToAdminUpdate}
      formName="admin"
      deleteDisabledReason={locks.remove}
    >
      <AdminFields editing locks={locks} />
    </ResourceEditPage>
  );
}
