/**
 * /transactions/{id}/editrole screen (SPEC sections 2, 4 and 8): edit a role in place, Effacer after
 * 'Êtes-vous sûr(e) de vouloir le supprimer ?' (a role in use is refused: errors.destroy in a toast), Retour;
 * an unknown id toasts 'Item does not exist!' and goes to /home.
 */
import { ResourceEditPage } from '../../../components/resource/ResourceEditPage';
import { ROLES_TRAIL } from '../breadcrumbs';
import type { DealRole } from '../types';
import { RoleFields } from './RecordFields';
import { roleToValues, valuesToRoleInput } from './recordForms';
import { rolesResource } from './resources';

const title = (role: DealRole | undefined) => (role ? `Modifier ${role.name}` : 'Modifier un rôle');

/** Edit a role: Name, Display Name, Actif; Enregistrer, Effacer, Retour. */
export default function RoleEditPage() {
  return (
    <ResourceEditPage
      resource={rolesResource}
      title={title}
      breadcrumb={[...ROLES_TRAIL, { title: 'Modifier' }]}
      toValues={roleToValues}
      toInput={valuesToRoleInput}
      formName="role"
    >
      <RoleFields />
    </ResourceEditPage>
  );
}
