/**
 * 'Effacer un article' screen (/news/articles/delete): find a SIREN's published articles and remove one
 * (SPEC sections 2 "News", 5 and 8).
 */
import { SearchOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Input } from 'antd';
import { clearErrorsOnChange } from '../../../components/form/clearErrorsOnChange';
import { PageHeader } from '../../../components/layout/PageHeader';
import { DELETE_ARTICLE_TITLE, NEWS_TITLE } from '../texts';
import { ArticleTable } from './ArticleTable';
import { useArticleSearch, type ArticleSearchValues } from './useArticleSearch';

/**
 * Delete an article: a 'Siren' field with 'Chercher' (Enter too) and 'Réinitialiser'; an empty SIREN
 * says 'Veuillez saisir un siren' under the field and calls nothing; once searched, the table of its
 * articles (Siren, Titre, Catégorie, Date, Action), 'Aucun résultat trouvé' when none.
 */
export default function ArticleDeletePage() {
  const [form] = Form.useForm<ArticleSearchValues>();
  const { siren, query, search, reset } = useArticleSearch(form);
  return (
    <>
      <PageHeader title={DELETE_ARTICLE_TITLE} breadcrumb={[{ title: NEWS_TITLE, to: '/news' }, { title: DELETE_ARTICLE_TITLE }]} />
      <Card>
        <Form<ArticleSearchValues>
          form={form}
          name="article-search"
          layout="vertical"
          onFinish={search}
          onValuesChange={clearErrorsOnChange(form)}
          requiredMark={false}
          noValidate
          style={{ maxWidth: 560 }}
        >
          <Form.Item label="Siren" name="siren">
            <Input autoComplete="off" inputMode="numeric" spellCheck={false} placeholder="9 chiffres" data-testid="article-siren" />
          </Form.Item>
          <Flex gap={8} wrap>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />} data-testid="article-search">
              Chercher
            </Button>
            <Button onClick={reset} data-testid="article-reset">
              Réinitialiser
            </Button>
          </Flex>
        </Form>
        {siren !== null && !query.isError ? (
          <div style={{ marginTop: 24 }}>
            <ArticleTable siren={siren} articles={query.data} loading={query.isFetching} />
          </div>
        ) : null}
      </Card>
    </>
  );
}
