/**
 * /transactions/{id}/edittype screen (SPEC sections 2, 4 and 8): edit a type in place, Effacer after
 * confirmation (a type in use is refused: errors.destroy in a toast), Retour; an unknown id toasts
 * 'Item does not exist!' and goes to /home.
 */
import { ResourceEditPage } from '../../../components/resource/ResourceEditPage';
import { TYPES_TRAIL } from '../breadcrumbs';
import type { DealType } from '../types';
import { TypeFields } from './RecordFields';
import { typeToValues, valuesToTypeInput } from './recordForms';
import { typesResource } from './resources';

const title = (type: DealType | undefined) => (type ? `Modifier ${type.name}` : 'Modifier un type');

/** Edit a type: Nom, Actif; Enregistrer, Effacer, Retour. */
export default function TypeEditPage() {
  return (
    <ResourceEditPage
      resource={typesResource}
      title={title}
      breadcrumb={[...TYPES_TRAIL, { title: 'Modifier' }]}
      toValues={typeToValues}
      toInput={valuesToTypeInput}
      formName="type"
    >
      <TypeFields />
    </ResourceEditPage>
  );
}
