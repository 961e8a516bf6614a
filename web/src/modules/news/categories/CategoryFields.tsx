/** News category form fields: Nom (FR), Nom (EN) and Actif (SPEC section 2 "News": name_fr, name_en, status). */
import { Form, Input } from 'antd';
import { StatusField } from '../../../components/form/StatusField';

/** Fields of the category form: 'Nom (FR)', 'Nom (EN)' and 'Actif'. */
export function CategoryFields() {
  return (
    <>
      <Form.Item label="Nom (FR)" name="name_fr">
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Nom (EN)" name="name_en">
        <Input autoComplete="off" lang="en" />
      </Form.Item>
      <StatusField />
    </>
  );
}
