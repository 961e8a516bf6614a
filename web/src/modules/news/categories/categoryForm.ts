/**
 * News category form values and their conversion from the loaded category and to the store/update
 * body (SPEC sections 3 "News category" and 7 "News").
 */
import type { NewsCategory, NewsCategoryInput, Status } from '../../../api/types';

/** Values of the category form. */
export interface CategoryFormValues {
  name_fr: string;
  name_en: string;
  status: Status;
}

/** Starting values of the create form (active by default, SPEC section 4). */
export const NEW_CATEGORY_VALUES: Partial<CategoryFormValues> = { name_fr: '', name_en: '', status: 1 };

/** Loaded category -> form values. */
export function categoryToValues(category: NewsCategory): CategoryFormValues {
  return { name_fr: category.name_fr, name_en: category.name_en, status: category.status };
}

/** Form values -> POST /api/news/store and /api/news/update/{id} body. */
export function valuesToCategoryInput(values: CategoryFormValues): NewsCategoryInput {
  return { name_fr: values.name_fr ?? '', name_en: values.name_en ?? '', status: values.status === 1 ? 1 : 0 };
}
