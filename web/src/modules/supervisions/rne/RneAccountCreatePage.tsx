/** /supervisions/rne/create: add an RNE account, then back to /supervisions/rne (issue 11 section 1). */
import { ResourceCreatePage } from '../../../components/resource/ResourceCreatePage';
import { SUPERVISION_TITLE } from '../texts';
import { AccountFields } from './AccountFields';
import { NEW_ACCOUNT_VALUES, valuesToCreate } from './accountForm';
import { RNE_PATH, rneAccountsResource } from './resource';
import { RNE_TITLE } from './texts';

/** Add an account; a duplicate email in its pool gets « Ce compte existe déjà. » under Email. */
export default function RneAccountCreatePage() {
  return (
    <ResourceCreatePage
      resource={rneAccountsResource}
      title="Ajouter un compte RNE"
      breadcrumb={[{ title: SUPERVISION_TITLE, to: '/supervisions' }, { title: RNE_TITLE, to: RNE_PATH }, { title: 'Ajouter' }]}
      initialValues={NEW_ACCOUNT_VALUES}
      toInput={valuesToCreate}
      formName="rne-account"
    >
      <AccountFields />
    </ResourceCreatePage>
  );
}
