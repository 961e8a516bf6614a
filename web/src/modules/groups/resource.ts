/**
 * Groups resource: /api/groups endpoints (getGroupRoles, removegroup) and the
 * confirmation and not-found texts (SPEC sections 4, 7 'Groups' and 8).
 */
import { GROUPS } from '../../../../contract/resources';
import { standardResource } from '../../api/resource';
import type { Group, GroupInput, GroupUpdateInput } from '../../api/types';

/** Groups of SIRENs: endpoints under /api/groups and the texts of their dialogs and toasts. */
export const groupsResource = standardResource<Group, GroupInput, GroupUpdateInput>({
  key: 'groups',
  auditResource: 'groups',
  paths: {
    all: '/api/groups/all',
    get: '/api/groups/getGroupRoles/{id}',
    store: '/api/groups/store',
    update: '/api/groups/update/{id}',
    toggle: '/api/groups/togglestatus/{id}',
    remove: '/api/groups/removegroup/{id}',
  },
  listPath: '/groups',
  texts: {
    notFound: GROUPS.notFound,
    confirmDisable: 'Voulez-vous vraiment désactiver ce group ?',
    confirmEnable: 'Voulez-vous vraiment réactiver ce group ?',
    confirmDelete: 'Voulez-vous vraiment effacer ce group ?',
  },
});

/** Title of the groups list page (and its breadcrumb label). */
export const GROUPS_TITLE = 'Groupes de sirens';
