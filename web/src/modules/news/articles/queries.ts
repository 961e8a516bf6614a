/** Query keys and options of the article screens (SPEC section 2 "News": add and delete an article). */
import { queryOptions } from '@tanstack/react-query';
import { categoriesResource } from '../resource';
import { activeCategories } from './api';

/** The active categories (`['news-categories', 'active']`: reloaded with every category change). */
export const activeCategoriesQuery = queryOptions({
  queryKey: [categoriesResource.key, 'active'],
  queryFn: activeCategories,
});

/** Key of the published articles of a SIREN: `['hows', siren]`. */
export function articlesKey(siren: string) {
  return ['hows', siren] as const;
}
