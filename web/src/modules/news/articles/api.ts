/**
 * Published article calls (SPEC section 7 "News"): POST /api/news/addnews, POST /api/hows/listbysiren
 * and POST /api/hows/removebyidentifier; and the active categories the add form offers (GET /api/news/allvalides).
 */
import { api, ok } from '../../../api/client';
import type { AddNewsInput, MessageResponse, NewsCategory, PublishedArticle, RemoveArticleInput } from '../../../api/types';

/** GET /api/news/allvalides: the active categories. */
export function activeCategories(): Promise<NewsCategory[]> {
  return ok(api.GET('/api/news/allvalides'));
}

/** POST /api/news/addnews: publishes one article at once (201 with the article; 422 field errors). */
export function addNews(input: AddNewsInput): Promise<PublishedArticle> {
  return ok(api.POST('/api/news/addnews', { body: input }));
}

/** POST /api/hows/listbysiren: the published articles of a SIREN (422 errors.siren for an invalid one). */
export function listBySiren(siren: string, signal?: AbortSignal): Promise<PublishedArticle[]> {
  return ok(api.POST('/api/hows/listbysiren', { body: { siren }, signal }));
}

/** POST /api/hows/removebyidentifier: removes one published article, named by its SIREN and identifier. */
export function removeArticle(input: RemoveArticleInput): Promise<MessageResponse> {
  return ok(api.POST('/api/hows/removebyidentifier', { body: input }));
}
