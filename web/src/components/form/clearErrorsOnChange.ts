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
    const names = changedPaths(changed).filter((name) => form.getFieldError(name as never).length > 0);
    if (names.length) form.setFields(names.map((name) => ({ name: name as never, errors: [] })));
  };
}

/**
 * The paths of a change: each top-level name, and for a nested value (the rows of a `Form.List`: antd
 * passes `{entities: [, {siren}]}`) each nested path down to the edited field, so its error clears too.
 */
function changedPaths(changed: Record<string, unknown>): (string | (string | number)[])[] {
  const paths: (string | (string | number)[])[] = [];
  const walk = (value: unknown, path: (string | number)[]) => {
    if (Array.isArray(value)) value.forEach((item, index) => item !== undefined && walk(item, [...path, index]));
    else if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
      for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
    }
    if (path.length > 1) paths.push(path);
  };
  for (const [name, value] of Object.entries(changed)) {
    paths.push(name);
    walk(value, [name]);
  }
  return paths;
}
