/**
 * `useAddArticle`: submits the 'Ajouter un article' form to POST /api/news/addnews (SPEC section 7 "News")
 * through the shared form mechanism: field errors under each field, the success toast, then an empty form.
 */
import type { FormInstance } from 'antd';
import type { PublishedArticle } from '../../../api/types';
import { useServerForm } from '../../../components/form/useServerForm';
import { addNews } from './api';
import { newArticleValues, valuesToArticleInput, type ArticleFormValues } from './articleForm';

/**
 * Publishes the typed article: 422 -> the first message of each field under it (newscategory_id, siren,
 * name, title, posted, source, url); success -> 'Opération effectuée avec succès!' and the form emptied
 * (the category kept, the date back to now) for the next article.
 */
export function useAddArticle(form: FormInstance<ArticleFormValues>) {
  return useServerForm<ArticleFormValues, PublishedArticle>({
    form,
    submit: (values) => addNews(valuesToArticleInput(values)),
    onSuccess: (_article, values) => {
      form.resetFields();
      form.setFieldsValue({ ...newArticleValues(), newscategory_id: values.newscategory_id });
    },
  });
}
