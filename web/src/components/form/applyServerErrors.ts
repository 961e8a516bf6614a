/**
 * Places 422 validation errors under their form fields, first message of each, and
 * returns those with no matching field (SPEC section 5).
 */
import type { FormInstance } from 'antd';
import type { FieldErrors } from '../../api/errors';

/**
 * Puts the first message of each 422 field error under the matching form field (marking it
 * invalid), or all of them with `all` (e.g. one per invalid line of a textarea). `fieldMap` renames
 * server fields to form fields when they differ.
 * A dotted server name (`entities.0.siren`, a field of a `Form.List` row) goes to that nested field when its
 * first part is a field of the form.
 * Returns the first message of each field that is not in the form (to be toasted instead).
 */
export function applyServerErrors(
  form: FormInstance,
  errors: FieldErrors,
  fieldMap: Record<string, string> = {},
  options: { all?: boolean } = {},
): string[] {
  const registered = new Set(Object.keys(form.getFieldsValue()));
  const fields: { name: string | (string | number)[]; errors: string[] }[] = [];
  const unplaced: string[] = [];
  for (const [serverName, messages] of Object.entries(errors)) {
    const first = messages?.[0];
    if (!first) continue;
    const name = fieldMap[serverName] ?? serverName;
    const path = nestedPath(name);
    if (registered.has(name)) fields.push({ name, errors: options.all ? messages : [first] });
    else if (path && registered.has(String(path[0]))) fields.push({ name: path, errors: options.all ? messages : [first] });
    else unplaced.push(first);
  }
  if (fields.length) {
    form.setFields(fields);
    form.scrollToField(fields[0].name, { block: 'center' });
  }
  return unplaced;
}

/** `entities.0.siren` -> `['entities', 0, 'siren']` (numeric parts as list indexes); null for a plain name. */
function nestedPath(name: string): (string | number)[] | null {
  if (!name.includes('.')) return null;
  return name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}
