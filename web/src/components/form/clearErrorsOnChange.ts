/**
 * Form helper clearing a field's server validation error as soon as the user edits
 * that field (SPEC section 5).
 */
import type { FormInstance } from 'antd';

/**
 * `onValuesChange` handler factory: editing a field removes the server error shown under it
 * (antd keeps `setFields` errors until the field is validated, and these forms have no rules).
 */
export function clearErrorsOnChange(form: FormInstance) {
  return (changed: Record<string, unknown>) => {
    const names = Object.keys(changed).filter((name) => form.getFieldError(name as never).length > 0);
    if (names.length) form.setFields(names.map((name) => ({ name: name as never, errors: [] })));
  };
}
