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
  auditResource: 'deal_roles',
  listPath: '/transactions/roles',
  createPath: '/transactions/createrole',
  paths: {
    all: '/api/transactions/allroles',
    get: '/api/transactions/getRoleRoles/{id}',
    store: '/api/transactions/storerole',
    update: '/api/transactions/updaterole/{id}',
    toggle: '/api/transactions/togglerole/{id}',
    remove: '/api/transactions/removerole',
    removeWithBody: true,
  },
  texts: { notFound: DEAL_ROLES.notFound, confirmDisable: CONFIRM_ROLE.disable, confirmEnable: CONFIRM_ROLE.enable, confirmDelete: CONFIRM_DELETE },
});

/** Deal types: /transactions/types, /transactions/createtype, /transactions/{id}/edittype. */
export const typesResource = standardResource<DealType, DealTypeInput>({
  key: 'deal-types',
  auditResource: 'deal_types',
  listPath: '/transactions/types',
  createPath: '/transactions/createtype',
  paths: {
    all: '/api/transactions/alltypes',
    get: '/api/transactions/getTypeRoles/{id}',
    store: '/api/transactions/storetype',
    update: '/api/transactions/updatetype/{id}',
    toggle: '/api/transactions/toggletype/{id}',
    remove: '/api/transactions/removetype',
    removeWithBody: true,
  },
  texts: { notFound: DEAL_TYPES.notFound, confirmDisable: CONFIRM_TYPE.disable, confirmEnable: CONFIRM_TYPE.enable, confirmDelete: CONFIRM_DELETE },
});
