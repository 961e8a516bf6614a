/**
 * Administrator form fields: 'Prénom & nom', Email, 'Mot de passe' (optional on edit),
 * Actif (SPEC section 2 'Administrators').
 */
import { Form, Input } from 'antd';
import { StatusField } from '../../components/form/StatusField';

/** Props of `AdminFields`. */
export interface AdminFieldsProps {
  /** Edit mode: the password is optional (placeholder says so). */
  editing?: boolean;
  /** Why the status may not change (super admin, own account): the Actif checkbox is disabled and says why. */
  statusLockedReason?: string;
}

/** Fields of the administrator form: 'Prénom & nom', 'Email', 'Mot de passe', 'Actif'. */
export function AdminFields({ editing = false, statusLockedReason }: AdminFieldsProps) {
  return (
    <>
      <Form.Item label="Prénom & nom" name="name">
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Email" name="email">
        <Input type="email" autoComplete="off" />
      </Form.Item>
      <Form.Item label="Mot de passe" name="password">
        <Input.Password
          autoComplete="new-password"
          placeholder={editing ? 'Laisser vide pour conserver le mot de passe actuel' : undefined}
        />
      </Form.Item>
      <StatusField lockedReason={statusLockedReason} />
    </>
  );
}
