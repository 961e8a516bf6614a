/** /groups/create screen: add a group (name, status), then back to /groups (SPEC section 2 'Groups'). */
import { ResourceCreatePage } from '../../components/resource/ResourceCreatePage';
import { GroupFields } from './GroupFields';
import { NEW_GROUP_VALUES, valuesToGroupInput } from './groupForm';
import { GROUPS_TITLE, groupsResource } from './resource';

/** Add a group of SIRENs (/groups/create): Nom and Actif; back to /groups on success. */
export default function GroupCreatePage() {
  return (
    <ResourceCreatePage
      resource={groupsResource}
      title="Ajouter un groupe"
      breadcrumb={[{ title: GROUPS_TITLE, to: '/groups' }, { title: 'Ajouter' }]}
      initialValues={NEW_GROUP_VALUES}
      toInput={valuesToGroupInput}
      formName="group"
    >
      <GroupFields />
    </ResourceCreatePage>
  );
}
