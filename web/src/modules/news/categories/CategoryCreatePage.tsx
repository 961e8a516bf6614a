/** /news/create screen: add a news category (name_fr, name_en, status), then back to /news/categories (SPEC section 2 "News"). */
import { ResourceCreatePage } from '../../../components/resource/ResourceCreatePage';
import { categoriesResource } from '../resource';
import { CATEGORIES_TRAIL } from './breadcrumbs';
import { CategoryFields } from './CategoryFields';
import { NEW_CATEGORY_VALUES, valuesToCategoryInput } from './categoryForm';

/** Add a news category (/news/create): Nom (FR), Nom (EN), Actif; back to /news/categories on success. */
export default function CategoryCreatePage() {
  return (
    <ResourceCreatePage
      resource={categoriesResource}
      title="Ajouter une catégorie"
      breadcrumb={[...CATEGORIES_TRAIL, { title: 'Ajouter' }]}
      initialValues={NEW_CATEGORY_VALUES}
      toInput={valuesToCategoryInput}
      formName="category"
    >
      <CategoryFields />
    </ResourceCreatePage>
  );
}
