/** /transactions/createrole screen: add a deal-entity role, then back to /transactions/roles (SPEC section 2). */
import { ResourceCreatePage } from '../../../components/resource/ResourceCreatePage';
import { ROLES_TRAIL } from '../breadcrumbs';
import { RoleFields } from './RecordFields';
import { NEW_ROLE_VALUES, valuesToRoleInput } from './recordForms';
import { rolesResource } from './resources';

/** Add a role: Name, Display Name, Actif; Enregistrer, Retour. */
export default function RoleCreatePage() {
  return (
    <ResourceCreatePage
      resource={rolesResource}
      title="Ajouter un rôle"
      breadcrumb={[...ROLES_TRAIL, { title: 'Ajouter' }]}
      initialValues={NEW_ROLE_VALUES}
      toInput={valuesToRoleInput}
      formName="role"
    >
      <RoleFields />
    </ResourceCreatePage>
  );
}
