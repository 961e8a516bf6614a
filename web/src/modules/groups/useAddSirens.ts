/**
 * `useAddSirens`: sends the textarea's SIRENs to POST /api/groups/addsirens with the
 * success and failure toasts (SPEC sections 4 and 8).
 */
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../api/errors';
import type { AddSirensResult } from '../../api/types';
import { useSirenLinesForm } from '../../components/siren/useSirenLinesForm';
import { addSirens } from './api';
import { groupsResource } from './resource';
import { parseSirenLines } from '../../lib/sirenLines';
import { SIRENS_ADDED, SIRENS_FAILED, SIRENS_TOO_LARGE } from './texts';

const count = (n: number, singular: string, plural: string) => `${n.toLocaleString('fr-FR')} ${n > 1 ? plural : singular}`;

/** Toast detail: '38 ajoutés, 0 déjà présent'. */
export function addSirensDetail(result: AddSirensResult): string {
  return `${count(result.added, 'ajouté', 'ajoutés')}, ${count(result.already_present, 'déjà présent', 'déjà présents')}`;
}

/**
 * Adds the textarea's SIRENs to a group (lines split, trimmed, empty ones dropped, each sent with
 * its line number) through the shared form mechanism (`useSirenLinesForm`, on its own form instance). Success: toast 'Les sirens ont
 * été mis à jour avec succès.' with the counts, textarea cleared, group, count and list reloaded.
 * Failure: the one toast 'Une erreur est survenue.' and, on a 422, every message (one per invalid
 * line) under the textarea; on a 413 (body above 8 MB), the limits, in the toast and under the
 * textarea. A second click while a call is in flight sends nothing. The answer's notes
 * (SIRET lines taken for their SIREN) are returned for the form to show.
 */
export function useAddSirens(groupId: number) {
  const queryClient = useQueryClient();
  return useSirenLinesForm<AddSirensResult>({
    submit: (values) => addSirens({ id: groupId, ...parseSirenLines(values.sirens ?? '') }),
    successToast: (result) => ({ title: SIRENS_ADDED, description: addSirensDetail(result) }),
    failureToast: (error) => (isApiError(error, 413) ? { title: SIRENS_FAILED, description: SIRENS_TOO_LARGE } : SIRENS_FAILED),
    allFieldMessages: true,
    statusFields: { 413: { field: 'sirens', message: SIRENS_TOO_LARGE } },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [groupsResource.key] });
    },
  });
}
