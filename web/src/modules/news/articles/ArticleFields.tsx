/**
 * Fields of the 'Ajouter un article' form (SPEC section 2 "News"): Catégorie (the active categories),
 * Siren (a pasted SIRET is replaced by its SIREN, with a note), Nom de l'entreprise, Titre, Date, Source, Lien.
 */
import { Form, Input, Row, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { GridField } from '../../../components/form/GridField';
import { SirenInput } from '../../../components/siren/SirenInput';
import { activeCategoriesQuery } from './queries';

/** The article fields, named as the server's fields (its errors go under them). */
export function ArticleFields() {
  const categories = useQuery(activeCategoriesQuery);
  return (
    <>
      <Form.Item label="Catégorie" name="newscategory_id">
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={categories.isPending}
          options={(categories.data ?? []).map((category) => ({ value: category.id, label: category.name_fr }))}
          notFoundContent={categories.isPending ? 'Chargement…' : 'Aucune catégorie active'}
          data-testid="article-category"
        />
      </Form.Item>
      <Row gutter={16}>
        <GridField md={10} label="Siren" name="siren">
          {/* A pasted SIRET becomes its SIREN, the note under the field says so. */}
          <SirenInput autoComplete="off" inputMode="numeric" spellCheck={false} data-testid="article-create-siren" />
        </GridField>
        <GridField md={14} label="Nom de l’entreprise" name="name">
          <Input autoComplete="off" />
        </GridField>
      </Row>
      <Form.Item label="Titre" name="title">
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
      </Form.Item>
      <Row gutter={16}>
        <GridField md={10} label="Date" name="posted" extra="JJ/MM/AAAA HH:mm, heure de Paris">
          <Input autoComplete="off" placeholder="JJ/MM/AAAA HH:mm" />
        </GridField>
        <GridField md={14} label="Source" name="source">
          <Input autoComplete="off" />
        </GridField>
      </Row>
      <Form.Item label="Lien" name="url">
        <Input type="url" autoComplete="off" placeholder="https://" spellCheck={false} />
      </Form.Item>
    </>
  );
}
