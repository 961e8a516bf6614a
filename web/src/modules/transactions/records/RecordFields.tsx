/** Fields of the role and type forms (SPEC section 2): Name (types: 'Nom'), roles also Display Name, then 'Actif'. */
import { Form, Input } from 'antd';
import { StatusField } from '../../../components/form/StatusField';

/** Role form fields: 'Name', 'Display Name', 'Actif'. */
export function RoleFields() {
  return (
    <>
      <Form.Item label="Name" name="name">
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Display Name" name="display_name">
        <Input autoComplete="off" />
      </Form.Item>
      <StatusField />
    </>
  );
}

/** Type form fields: 'Nom', 'Actif'. */
export function TypeFields() {
  return (
    <>
      <Form.Item label="Nom" name="name">
        <Input autoComplete="off" />
      </Form.Item>
      <StatusField />
    </>
  );
}
