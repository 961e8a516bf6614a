/**
 * /supervisions/rne/:id/edit: change an RNE account (pool, email, password, status), delete it after
 * confirmation, or go back (issue 11 section 1).
 */
import { ResourceEditPage } from '../../../components/resource/ResourceEditPage';
import { SUPERVISION_TITLE } from '../texts';
import { AccountFields } from './AccountFields';
import { accountToValues, valuesToUpdate } from './accountForm';
import type { RneAccountRecord } from './api';
import { RNE_PATH, rneAccountsResource } from './resource';
import { RNE_TITLE } from './texts';

const title = (account: RneAccountRecord | undefined) => (account ? `Modifier ${account.email}` : 'Modifier un compte RNE');

/** Edit an account; an unknown id toasts 'Item does not exist!' and goes to /home (SPEC section 8). */
export default function RneAccountEditPage() {
  return (
    <ResourceEditPage
      resource={rneAccountsResource}
      title={title}
      breadcrumb={[{ title: SUPERVISION_TITLE, to: '/supervisions' }, { title: RNE_TITLE, to: RNE_PATH }, { title: 'Modifier' }]}
      toValues={accountToValues}
      toInput={valuesToUpdate}
      formName="rne-account"
    >
      <AccountFields editing />
    </ResourceEditPage>
  );
}
