/** 'Actif' checkbox form item mapping checked / unchecked to status 1 / 0 (SPEC section 4). */
import { Checkbox, Form } from 'antd';

/** Props of `StatusField`. */
export interface StatusFieldProps {
  /** Form field name, 'status' by default. */
  name?: string;
  /** Checkbox text, 'Actif' by default. */
  label?: string;
}

/** 'Actif' checkbox bound to a 1/0 status field. */
export function StatusField({ name = 'status', label = 'Actif' }: StatusFieldProps) {
  return (
    <Form.Item
      name={name}
      valuePropName="checked"
      getValueProps={(value: unknown) => ({ checked: value === 1 || value === true })}
      normalize={(checked: boolean) => (checked ? 1 : 0)}
    >
      <Checkbox>{label}</Checkbox>
    </Form.Item>
  );
}
