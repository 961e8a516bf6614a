/**
 * Administrators resource: /api/admins endpoints and the confirmation and not-found
 * texts (SPEC sections 4, 7 'Administrators' and 8).
 */
import { ADMINS } from '../../../../contract/resources';
import { standardResource } from '../../api/resource';
import type { Admin, AdminCreateInput, AdminUpdateInput } from '../../api/types';

/** Administrators: endpoints under /api/admins and the texts of their dialogs and toasts. */
export const adminsResource = standardResource<Admin, AdminCreateInput, AdminUpdateInput>({
  key: 'admins',
  auditResource: 'admins',
  paths: {
    all: '/api/admins/all',
    get: '/api/admins/getUserRoles/{id}',
    store: '/api/admins/store',
    update: '/api/admins/update/{id}',
    toggle: '/api/admins/togglestatus/{id}',
    remove: '/api/admins/{id}',
  },
  listPath: '/admins',
  texts: {
    notFound: ADMINS.notFound,
    confirmDisable: 'Voulez-vous vraiment bannir cet administrateur\u202f?',
    confirmEnable: 'Voulez-vous vraiment réactiver cet administrateur\u202f?',
    confirmDelete: 'Voulez-vous vraiment effacer cet administrateur\u202f?',
  },
});
