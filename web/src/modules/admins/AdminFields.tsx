/**
 * Administrator form fields: 'Prénom & nom', Email, 'Mot de passe' (optional on edit),
 * Actif (SPEC section 2 'Administrators'); the fields the server would refuse to change are disabled
 * and say why.
 */
import { Form, Input } from 'antd';
import type { AdminLocks } from '../../../../contract/admin-rules';
import { StatusField } from '../../components/form/StatusField';

/** Props of `AdminFields`. */
export interface AdminFieldsProps {
  /** Edit mode: the password is optional (placeholder says so). */
  editing?: boolean;
  /**
   * What may not change here and why (contract/admin-rules.ts): the super admin's email and password
   * (only through its profile), its status, one's own status. A locked field is disabled, its reason under it.
   */
  locks?: AdminLocks;
}

/** Fields of the administrator form: 'Prénom & nom', 'Email', 'Mot de passe', 'Actif'. */
export function AdminFields({ editing = false, locks = {} }: AdminFieldsProps) {
  return (
    <>
      <Form.Item label="Prénom & nom" name="name">
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Email" name="email" extra={locks.email}>
        <Input type="email" autoComplete="off" disabled={locks.email !== undefined} />
      </Form.Item>
      <Form.Item label="Mot de passe" name="password" extra={locks.password}>
        <Input.Password
          autoComplete="new-password"
          disabled={locks.password !== undefined}
          placeholder={editing && !locks.password ? 'Laisser vide pour conserver le mot de passe actuel' : undefined}
        />
      </Form.Item>
      <StatusField lockedReason={locks.disable} />
    </>
  );
}
