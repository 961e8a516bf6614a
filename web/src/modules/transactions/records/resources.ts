/**
 * Deal roles and deal types as status resources (SPEC sections 2, 4, 7 "Transactions" and 8): the calls under
 * /api/transactions named in contract/resources.ts (allroles, togglerole/{id}, getRoleRoles/{id}, storerole,
 * updaterole/{id}, removerole with the record's id in the body; the same for types), their pages and texts.
 */
import { DEAL_ROLES, DEAL_TYPES } from '../../../../../contract/resources';
import { standardResource } from '../../../api/resource';
import { CONFIRM_DELETE, CONFIRM_ROLE, CONFIRM_TYPE } from '../texts';
import type { DealRole, DealRoleInput, DealType, DealTypeInput } from '../types';

/** Deal-entity roles: /transactions/roles, /transactions/createrole, /transactions/{id}/editrole. */
export const rolesResource = standardResource<DealRole, DealRoleInput>({
  key: 'deal-roles',
  base: '/api/transactions',
  listPath: '/transactions/roles',
  createPath: '/transactions/createrole',
  endpoints: DEAL_ROLES.paths,
  texts: { notFound: DEAL_ROLES.notFound, confirmDisable: CONFIRM_ROLE.disable, confirmEnable: CONFIRM_ROLE.enable, confirmDelete: CONFIRM_DELETE },
});

/** Deal types: /transactions/types, /transactions/createtype, /transactions/{id}/edittype. */
export const typesResource = standardResource<DealType, DealTypeInput>({
  key: 'deal-types',
  base: '/api/transactions',
  listPath: '/transactions/types',
  createPath: '/transactions/createtype',
  endpoints: DEAL_TYPES.paths,
  texts: { notFound: DEAL_TYPES.notFound, confirmDisable: CONFIRM_TYPE.disable, confirmEnable: CONFIRM_TYPE.enable, confirmDelete: CONFIRM_DELETE },
});
