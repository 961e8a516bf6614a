/** /admins/{id}/edit screen: save, delete or leave an administrator (SPEC section 2 'Administrators'). */
import { adminLocks, SUPER_ADMIN_ID } from '../../../../contract/admin-rules';
import type { Admin } from '../../api/types';
import { ResourceEditPage } from '../../components/resource/ResourceEditPage';
import { useRouteId } from '../../components/resource/useResourceQueries';
import { useCurrentUser } from '../auth/CurrentUserContext';
import { AdminFields } from './AdminFields';
import { adminToValues, valuesToAdminUpdate } from './adminForm';
import { EndSessionsCard } from './EndSessionsCard';
import { adminsResource } from './resource';

const title = (admin: Admin | undefined) => (admin ? `Modifier ${admin.name}` : 'Modifier un administrateur');

/**
 * Edit an administrator (/admins/:id/edit): save in place, delete (confirm) or go back. For the super
 * admin and for one's own account, 'Effacer' and 'Actif' are disabled and say why, and so are the super
 * admin's Email and 'Mot de passe'. The super admin also gets « Terminer toutes les sessions » under the form.
 */
export default function AdminEditPage() {
  const me = useCurrentUser().id;
  const locks = adminLocks(useRouteId(), me);
  return (
    <ResourceEditPage
      resource={adminsResource}
      title={title}
      breadcrumb={[{ title: 'Administrateurs', to: '/admins' }, { title: 'Modifier' }]}
      toValues={adminToValues}
      toInput={valuesToAdminUpdate}
      formName="admin"
      deleteDisabledReason={locks.remove}
      below={me === SUPER_ADMIN_ID ? (admin) => <EndSessionsCard admin={admin} /> : undefined}
    >
      <AdminFields editing locks={locks} />
    </ResourceEditPage>
  );
}
