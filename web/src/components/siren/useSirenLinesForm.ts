/**
 * `useSirenLinesForm`: the form instance and the submit of a SIREN textarea (a group's `addsirens`, a queue's
 * manual add) through the shared form mechanism (`useServerForm`); a success clears the textarea and keeps the
 * `notes` of the answer: the lines whose SIRET the server took for its SIREN (`Ligne 2 : SIRET 55203253400703 →
 * SIREN 552032534`, server/http/siren-lines.ts). The notes are those of the last success; a new submission
 * clears them. Its result is the props of `SirenLinesForm` that come from the hook.
 */
import { Form, type FormInstance } from 'antd';
import { useState } from 'react';
import { useServerForm, type ServerForm, type UseServerFormOptions } from '../form/useServerForm';
import type { SirenLinesValues } from './SirenLinesForm';

/** What a SIREN textarea form needs: the form instance, the submit handler, the pending flag and the notes to show. */
export interface SirenLinesForm extends ServerForm<SirenLinesValues> {
  form: FormInstance<SirenLinesValues>;
  /** Notes of the SIRET lines of the last answer (empty when none). */
  notes: string[];
}

/**
 * `useServerForm` for a SIREN textarea whose answer may carry `notes`, on a form instance of its own (see the
 * module docstring); `onSuccess` runs once the textarea is cleared.
 */
export function useSirenLinesForm<TResult extends { notes?: string[] }>(
  options: Omit<UseServerFormOptions<SirenLinesValues, TResult>, 'form'>,
): SirenLinesForm {
  const [form] = Form.useForm<SirenLinesValues>();
  const [notes, setNotes] = useState<string[]>([]);
  const { submit, onSuccess } = options;
  const serverForm = useServerForm<SirenLinesValues, TResult>({
    ...options,
    form,
    submit: (values) => {
      setNotes([]);
      return submit(values);
    },
    onSuccess: async (result, values) => {
      setNotes(result.notes ?? []);
      form.resetFields();
      await onSuccess?.(result, values);
    },
  });
  return { ...serverForm, form, notes };
}
