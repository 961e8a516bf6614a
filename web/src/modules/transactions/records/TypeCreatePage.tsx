/** /transactions/createtype screen: add a deal type, then back to /transactions/types (SPEC section 2). */
import { ResourceCreatePage } from '../../../components/resource/ResourceCreatePage';
import { TYPES_TRAIL } from '../breadcrumbs';
import { TypeFields } from './RecordFields';
import { NEW_TYPE_VALUES, valuesToTypeInput } from './recordForms';
import { typesResource } from './resources';

/** Add a type: Nom, Actif; Enregistrer, Retour. */
export default function TypeCreatePage() {
  return (
    <ResourceCreatePage
      resource={typesResource}
      title="Ajouter un type"
      breadcrumb={[...TYPES_TRAIL, { title: 'Ajouter' }]}
      initialValues={NEW_TYPE_VALUES}
      toInput={valuesToTypeInput}
      formName="type"
    >
      <TypeFields />
    </ResourceCreatePage>
  );
}
