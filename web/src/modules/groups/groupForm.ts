/**
 * Group form values and their conversion from the loaded group and to the store/update
 * body (SPEC sections 3 and 7 'Groups').
 */
import type { Group, GroupInput, Status } from '../../api/types';

/** Values of the group form. */
export interface GroupFormValues {
  name: string;
  status: Status;
}

/** Starting values of the create form (active by default). */
export const NEW_GROUP_VALUES: Partial<GroupFormValues> = { name: '', status: 1 };

/** Loaded group -> form values. */
export function groupToValues(group: Group): GroupFormValues {
  return { name: group.name, status: group.status };
}

/** Form values -> POST /api/groups/store and /api/groups/update/{id} body. */
export function valuesToGroupInput(values: GroupFormValues): GroupInput {
  return { name: values.name ?? '', status: values.status === 1 ? 1 : 0 };
}
