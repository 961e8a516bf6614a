/** Fields of the RNE account form: Usage (the pool), Email, Mot de passe, Actif (issue 11 section 1). */
import { Form, Input, Radio } from 'antd';
import { StatusField } from '../../../components/form/StatusField';
import { POOLS_IN_ORDER } from './pools';
import { ACCOUNT_LABELS, POOL_LABELS } from './texts';

/** The fields; on edit the password may be left empty (kept). */
export function AccountFields({ editing = false }: { editing?: boolean }) {
  return (
    <>
      <Form.Item label={ACCOUNT_LABELS.pool} name="pool">
        <Radio.Group options={POOLS_IN_ORDER.map((pool) => ({ value: pool, label: POOL_LABELS[pool] }))} data-testid="account-pool" />
      </Form.Item>
      <Form.Item label={ACCOUNT_LABELS.email} name="email">
        <Input type="email" autoComplete="off" />
      </Form.Item>
      <Form.Item label={ACCOUNT_LABELS.password} name="password">
        <Input.Password
          autoComplete="new-password"
          placeholder={editing ? 'Laisser vide pour conserver le mot de passe actuel' : undefined}
        />
      </Form.Item>
      <StatusField label={ACCOUNT_LABELS.status} />
    </>
  );
}
