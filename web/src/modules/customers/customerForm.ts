/**
 * API customer form values and their conversion from the loaded record and to the
 * store and update bodies (SPEC sections 3 and 7 'Customers').
 */
import type { Customer, CustomerCreateInput, CustomerUpdateInput, Status } from '../../api/types';

/** Values of the customer forms (create uses only name and status). */
export interface CustomerFormValues {
  name: string;
  client_id: string;
  client_secret: string;
  client_id_sandbox: string;
  client_secret_sandbox: string;
  status: Status;
}

/** Starting values of the create form (active by default). */
export const NEW_CUSTOMER_VALUES: Partial<CustomerFormValues> = { name: '', status: 1 };

/** Create form values -> POST /api/customers/store body. */
export function valuesToCustomerCreate(values: Pick<CustomerFormValues, 'name' | 'status'>): CustomerCreateInput {
  return { name: values.name ?? '', status: values.status === 1 ? 1 : 0 };
}

/** Loaded customer -> edit form values. */
export function customerToValues(customer: Customer): CustomerFormValues {
  return {
    name: customer.name,
    client_id: customer.client_id,
    client_secret: customer.client_secret,
    client_id_sandbox: customer.client_id_sandbox,
    client_secret_sandbox: customer.client_secret_sandbox,
    status: customer.status,
  };
}

/** Edit form values -> POST /api/customers/update/{id} body. */
export function valuesToCustomerUpdate(values: CustomerFormValues): CustomerUpdateInput {
  return {
    ...valuesToCustomerCreate(values),
    client_id: values.client_id ?? '',
    client_secret: values.client_secret ?? '',
    client_id_sandbox: values.client_id_sandbox ?? '',
    client_secret_sandbox: values.client_secret_sandbox ?? '',
  };
}
