/**
 * SIRENs card of the group edit page: count, add-by-lines form and the SIRENs list
 * (SPEC section 2 'Groups').
 */
import { Card, Divider, Tag } from 'antd';
import type { Group } from '../../api/types';
import { AddSirensForm } from './AddSirensForm';
import { GroupSirenList } from './GroupSirenList';

/** Props of `GroupSirensSection`. */
export interface GroupSirensSectionProps {
  group: Group;
}

/**
 * The SIRENs part of a group's edit page: a card 'Sirens du groupe' with the count
 * (`data-testid="group-sirens-total"`), the add-by-lines form and the list.
 */
export function GroupSirensSection({ group }: GroupSirensSectionProps) {
  return (
    <Card
      title="Sirens du groupe"
      extra={
        <Tag color="blue" data-testid="group-sirens-total" data-count={group.sirens_count}>
          {`${group.sirens_count.toLocaleString('fr-FR')} ${group.sirens_count > 1 ? 'sirens' : 'siren'}`}
        </Tag>
      }
      style={{ marginTop: 16 }}
    >
      <AddSirensForm groupId={group.id} />
      <Divider />
      <GroupSirenList groupId={group.id} />
    </Card>
  );
}
