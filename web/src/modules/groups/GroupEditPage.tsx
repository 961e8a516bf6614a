/** /groups/{id}/edit screen: group name and status, then its SIRENs section (SPEC section 2 'Groups'). */
import type { Group } from '../../api/types';
import { ResourceEditPage } from '../../components/resource/ResourceEditPage';
import { GroupFields } from './GroupFields';
import { groupToValues, valuesToGroupInput } from './groupForm';
import { GroupSirensSection } from './GroupSirensSection';
import { GROUPS_TITLE, groupsResource } from './resource';

const title = (group: Group | undefined) => (group ? `Modifier ${group.name}` : 'Modifier un groupe');

/**
 * Edit a group (/groups/:id/edit): name and Actif (save in place, delete with confirmation, back),
 * then its SIRENs: the add-by-lines textarea and the paged list with a delete button per SIREN.
 */
export default function GroupEditPage() {
  return (
    <ResourceEditPage
      resource={groupsResource}
      title={title}
      breadcrumb={[{ title: GROUPS_TITLE, to: '/groups' }, { title: 'Modifier' }]}
      toValues={groupToValues}
      toInput={valuesToGroupInput}
      formName="group"
      below={(group) => <GroupSirensSection group={group} />}
    >
      <GroupFields />
    </ResourceEditPage>
  );
}
