/** 'Ajouter un article' screen (/news/articles/create): publish one article by hand (SPEC section 2 "News"). */
import { Form } from 'antd';
import { useState } from 'react';
import { EntityForm } from '../../../components/form/EntityForm';
import { PageHeader } from '../../../components/layout/PageHeader';
import { ADD_ARTICLE_TITLE, NEWS_TITLE } from '../texts';
import { ArticleFields } from './ArticleFields';
import { newArticleValues, type ArticleFormValues } from './articleForm';
import { useAddArticle } from './useAddArticle';

/**
 * Add an article (/news/articles/create): category (active ones), SIREN, company name, title, date,
 * source and link, checked by the server with the rules of an import row; 'Enregistrer' publishes it,
 * toasts success and empties the form.
 */
export default function ArticleCreatePage() {
  const [form] = Form.useForm<ArticleFormValues>();
  const { onFinish, pending } = useAddArticle(form);
  const [initialValues] = useState(() => newArticleValues());
  return (
    <>
      <PageHeader title={ADD_ARTICLE_TITLE} breadcrumb={[{ title: NEWS_TITLE, to: '/news' }, { title: ADD_ARTICLE_TITLE }]} />
      <EntityForm<ArticleFormValues> form={form} name="article" values={initialValues} onFinish={onFinish} pending={pending}>
        <ArticleFields />
      </EntityForm>
    </>
  );
}
