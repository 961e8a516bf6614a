/**
 * `useSirenLinesForm`: the submit of a SIREN textarea (a group's `addsirens`, a queue's manual add) through the
 * shared form mechanism (`useServerForm`), keeping the `notes` of the last answer: the lines whose SIRET the server
 * took for its SIREN (`Ligne 2 : SIRET 55203253400703 → SIREN 552032534`, server/http/siren-lines.ts). The notes
 * are those of the last success; a new submission clears them.
 */
import { useState } from 'react';
import { useServerForm, type ServerForm, type UseServerFormOptions } from '../form/useServerForm';
import type { SirenLinesValues } from './SirenLinesForm';

/** What a SIREN textarea form needs: the submit handler, the pending flag and the notes to show. */
export interface SirenLinesForm extends ServerForm<SirenLinesValues> {
  /** Notes of the SIRET lines of the last answer (empty when none). */
  notes: string[];
}

/** `useServerForm` for a SIREN textarea whose answer may carry `notes` (see the module docstring). */
export function useSirenLinesForm<TResult extends { notes?: string[] }>(options: UseServerFormOptions<SirenLinesValues, TResult>): SirenLinesForm {
  const [notes, setNotes] = useState<string[]>([]);
  const { submit, onSuccess } = options;
  const form = useServerForm<SirenLinesValues, TResult>({
    ...options,
    submit: (values) => {
      setNotes([]);
      return submit(values);
    },
    onSuccess: async (result, values) => {
      setNotes(result.notes ?? []);
      await onSuccess?.(result, values);
    },
  });
  return { ...form, notes };
}
