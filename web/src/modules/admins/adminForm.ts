/**
 * Administrator form values and their conversion from the loaded record and to the
 * store and update bodies (SPEC sections 3 and 7 'Administrators').
 */
import type { Admin, AdminCreateInput, AdminUpdateInput, Status } from '../../api/types';

/** Values of the administrator form. */
export interface AdminFormValues {
  name: string;
  email: string;
  password: string;
  status: Status;
}

/** Starting values of the create form (active by default). */
export const NEW_ADMIN_VALUES: Partial<AdminFormValues> = { name: '', email: '', password: '', status: 1 };

/** Loaded administrator -> form values (password left empty). */
export function adminToValues(admin: Admin): AdminFormValues {
  return { name: admin.name, email: admin.email, password: '', status: admin.status };
}

/** Create form values -> POST /api/admins/store body; the password is required (an empty one gets the server's 422). */
export function valuesToAdminCreate(values: AdminFormValues): AdminCreateInput {
  return { name: values.name ?? '', email: values.email ?? '', password: values.password ?? '', status: values.status === 1 ? 1 : 0 };
}

/** Edit form values -> POST /api/admins/update/{id} body; the password is sent only when filled. */
export function valuesToAdminUpdate(values: AdminFormValues): AdminUpdateInput {
  const input: AdminUpdateInput = { name: values.name ?? '', email: values.email ?? '', status: values.status === 1 ? 1 : 0 };
  if (values.password) input.password = values.password;
  return input;
}
