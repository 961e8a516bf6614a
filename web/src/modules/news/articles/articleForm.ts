/**
 * Values of the 'Ajouter un article' form and their conversion to the POST /api/news/addnews body
 * (SPEC sections 3 "News item" and 7 "News").
 */
import type { AddNewsInput } from '../../../api/types';
import { formatDateTimeInput } from '../../../lib/dates';

/** Values of the article form; `posted` as typed (`DD/MM/YYYY HH:mm`, `DD/MM/YYYY` or ISO 8601). */
export interface ArticleFormValues {
  newscategory_id?: number;
  siren: string;
  name: string;
  title: string;
  posted: string;
  source: string;
  url: string;
}

/** Starting values: empty, the date being now in Europe/Paris. */
export function newArticleValues(now: Date = new Date()): Partial<ArticleFormValues> {
  return { siren: '', name: '', title: '', posted: formatDateTimeInput(now), source: '', url: '' };
}

/** Form values -> POST /api/news/addnews body (the server trims, checks and answers field errors). */
export function valuesToArticleInput(values: ArticleFormValues): AddNewsInput {
  return {
    newscategory_id: values.newscategory_id ?? 0,
    siren: values.siren ?? '',
    name: values.name ?? '',
    title: values.title ?? '',
    posted: values.posted ?? '',
    source: values.source ?? '',
    url: values.url ?? '',
  };
}
