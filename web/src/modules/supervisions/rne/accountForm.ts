/**
 * Values of the RNE account form and their conversion from a loaded account and to the add and edit
 * bodies (contract/rne.ts `rneAccountBody`, `rneAccountUpdateBody`).
 */
import type { PoolName, RneAccountCreateBody, RneAccountRecord, RneAccountUpdateBody } from './api';

/** Values of the form. */
export interface AccountFormValues {
  pool: PoolName;
  email: string;
  password: string;
  status: 0 | 1;
}

/** Starting values of the add form: the officers pool, enabled. */
export const NEW_ACCOUNT_VALUES: Partial<AccountFormValues> = { pool: 'officers', email: '', password: '', status: 1 };

/** Loaded account -> form values (the password left empty: kept unless typed again). */
export function accountToValues(account: RneAccountRecord): AccountFormValues {
  return { pool: account.pool, email: account.email, password: '', status: account.status };
}

/** Add form values -> POST rne/accounts body (an empty password gets the server's 422). */
export function valuesToCreate(values: AccountFormValues): RneAccountCreateBody {
  return { pool: values.pool, email: values.email ?? '', password: values.password ?? '', status: values.status === 1 ? 1 : 0 };
}

/** Edit form values -> POST rne/accounts/{id} body; the password is sent only when typed. */
export function valuesToUpdate(values: AccountFormValues): RneAccountUpdateBody {
  const input: RneAccountUpdateBody = { pool: values.pool, email: values.email ?? '', status: values.status === 1 ? 1 : 0 };
  if (values.password) input.password = values.password;
  return input;
}
