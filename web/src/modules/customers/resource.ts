/**
 * API customers resource: /api/customers endpoints and the confirmation and not-found
 * texts (SPEC sections 4, 7 'Customers' and 8).
 */
import { CUSTOMERS } from '../../../../contract/resources';
import { standardResource } from '../../api/resource';
import type { Customer, CustomerCreateInput, CustomerUpdateInput } from '../../api/types';

/** API customers: endpoints under /api/customers and the texts of their dialogs and toasts. */
export const customersResource = standardResource<Customer, CustomerCreateInput, CustomerUpdateInput>({
  key: 'customers',
  auditResource: 'api_customers',
  paths: {
    all: '/api/customers/all',
    get: '/api/customers/getUserRoles/{id}',
    store: '/api/customers/store',
    update: '/api/customers/update/{id}',
    toggle: '/api/customers/togglestatus/{id}',
    remove: '/api/customers/{id}',
  },
  listPath: '/customers',
  texts: {
    notFound: CUSTOMERS.notFound,
    confirmDisable: "Voulez-vous vraiment désactiver l'accès de ce client à l'api ?",
    confirmEnable: "Voulez-vous vraiment réactiver l'accès de ce client à l'api ?",
    confirmDelete: 'Voulez-vous vraiment effacer ce client\u202f?',
  },
});
