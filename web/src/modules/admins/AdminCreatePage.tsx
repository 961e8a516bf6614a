/** /admins/create screen: add an administrator, then back to /admins (SPEC section 2 'Administrators'). */
import { ResourceCreatePage } from '../../components/resource/ResourceCreatePage';
import { AdminFields } from './AdminFields';
import { NEW_ADMIN_VALUES, valuesToAdminCreate } from './adminForm';
import { adminsResource } from './resource';

/** Add an administrator (/admins/create); back to /admins on success. */
export default function AdminCreatePage() {
  return (
    <ResourceCreatePage
      resource={adminsResource}
      title="Ajouter un administrateur"
      breadcrumb={[{ title: 'Administrateurs', to: '/admins' }, { title: 'Ajouter' }]}
      initialValues={NEW_ADMIN_VALUES}
      toInput={valuesToAdminCreate}
      formName="admin"
    >
      <AdminFields />
    </ResourceCreatePage>
  );
}
