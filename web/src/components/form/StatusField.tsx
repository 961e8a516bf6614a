/** 'Actif' checkbox form item mapping checked / unchecked to status 1 / 0 (SPEC section 4). */
import { Checkbox, Form } from 'antd';

/** Props of `StatusField`. */
export interface StatusFieldProps {
  /** Form field name, 'status' by default. */
  name?: string;
  /** Checkbox text, 'Actif' by default. */
  label?: string;
  /** Why the status may not change (e.g. 'Le Super admin ne peut être désactivé'): disabled, the reason shown under it. */
  lockedReason?: string;
}

/** 'Actif' checkbox bound to a 1/0 status field; disabled, with the reason under it, when `lockedReason` is given. */
export function StatusField({ name = 'status', label = 'Actif', lockedReason }: StatusFieldProps) {
  return (
    <Form.Item
      name={name}
      extra={lockedReason}
      valuePropName="checked"
      getValueProps={(value: unknown) => ({ checked: value === 1 || value === true })}
      normalize={(checked: boolean) => (checked ? 1 : 0)}
    >
      <Checkbox disabled={lockedReason !== undefined}>{label}</Checkbox>
    </Form.Item>
  );
}
