/** /news/{id}/edit screen: edit a news category, with Enregistrer, Effacer and Retour (SPEC section 2 "News"). */
import type { NewsCategory } from '../../../api/types';
import { ResourceEditPage } from '../../../components/resource/ResourceEditPage';
import { categoriesResource } from '../resource';
import { CATEGORIES_TRAIL } from './breadcrumbs';
import { CategoryFields } from './CategoryFields';
import { categoryToValues, valuesToCategoryInput } from './categoryForm';

const title = (category: NewsCategory | undefined) => (category ? `Modifier ${category.name_fr}` : 'Modifier une catégorie');

/**
 * Edit a news category (/news/:id/edit): Nom (FR), Nom (EN), Actif; saved in place, deleted after
 * confirmation (a category in use is refused with the server's errors.destroy), Retour to the list;
 * an unknown id toasts 'Category does not exist!' and goes to /home.
 */
export default function CategoryEditPage() {
  return (
    <ResourceEditPage
      resource={categoriesResource}
      title={title}
      breadcrumb={[...CATEGORIES_TRAIL, { title: 'Modifier' }]}
      toValues={categoryToValues}
      toInput={valuesToCategoryInput}
      formName="category"
    >
      <CategoryFields />
    </ResourceEditPage>
  );
}
