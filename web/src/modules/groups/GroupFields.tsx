/** Group form fields: Nom and Actif (SPEC section 2 'Groups'). */
import { Form, Input } from 'antd';
import { StatusField } from '../../components/form/StatusField';

/** Fields of the group form: 'Nom' and 'Actif'. */
export function GroupFields() {
  return (
    <>
      <Form.Item label="Nom" name="name">
        <Input autoComplete="off" />
      </Form.Item>
      <StatusField />
    </>
  );
}
