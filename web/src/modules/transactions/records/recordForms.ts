/**
 * Role and type form values and their conversions from the loaded record and to the store/update body
 * (SPEC sections 3 "Role", "Type" and 7 "Transactions"; new records are active, section 4).
 */
import type { DealRole, DealRoleInput, DealType, DealTypeInput, Status } from '../types';

/** Values of the role form. */
export interface RoleFormValues {
  name: string;
  display_name: string;
  status: Status;
}
/** Values of the type form. */
export interface TypeFormValues {
  name: string;
  status: Status;
}

/** Starting values of the role create form. */
export const NEW_ROLE_VALUES: Partial<RoleFormValues> = { name: '', display_name: '', status: 1 };
/** Starting values of the type create form. */
export const NEW_TYPE_VALUES: Partial<TypeFormValues> = { name: '', status: 1 };

/** Loaded role -> form values. */
export const roleToValues = (role: DealRole): RoleFormValues => ({ name: role.name, display_name: role.display_name, status: role.status });
/** Role form values -> storerole / updaterole body. */
export const valuesToRoleInput = (values: RoleFormValues): DealRoleInput => ({
  name: values.name ?? '',
  display_name: values.display_name ?? '',
  status: values.status === 1 ? 1 : 0,
});
/** Loaded type -> form values. */
export const typeToValues = (type: DealType): TypeFormValues => ({ name: type.name, status: type.status });
/** Type form values -> storetype / updatetype body. */
export const valuesToTypeInput = (values: TypeFormValues): DealTypeInput => ({ name: values.name ?? '', status: values.status === 1 ? 1 : 0 });
