/**
 * `useAddSirens`: sends the textarea's SIRENs to POST /api/groups/addsirens with the
 * success and failure toasts (SPEC sections 4 and 8).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useCallback } from 'react';
import { ApiError } from '../../api/errors';
import type { AddSirensResult } from '../../api/types';
import { useNotify } from '../../components/feedback/useNotify';
import { addSirens } from './api';
import { groupsResource } from './resource';
import { parseSirenLines } from './sirenLines';
import { SIRENS_ADDED, SIRENS_FAILED } from './texts';

/** Values of the add-SIRENs form. */
export interface AddSirensValues {
  sirens?: string;
}

const count = (n: number, singular: string, plural: string) => `${n.toLocaleString('fr-FR')} ${n > 1 ? plural : singular}`;

/** Toast detail: '38 ajoutés, 0 déjà présent'. */
export function addSirensDetail(result: AddSirensResult): string {
  return `${count(result.added, 'ajouté', 'ajoutés')}, ${count(result.already_present, 'déjà présent', 'déjà présents')}`;
}

/**
 * Adds the textarea's SIRENs to a group (lines split, trimmed, empty ones dropped, each sent with
 * its line number). Success: toast 'Les sirens ont été mis à jour avec succès.' with the counts,
 * textarea cleared, group, count and list reloaded. Failure: toast 'Une erreur est survenue.' and,
 * on a 422, every message (one per invalid line) under the textarea. Re-submits are ignored while
 * a call is in flight.
 */
export function useAddSirens(groupId: number, form: FormInstance<AddSirensValues>) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { mutate, isPending } = useMutation({
    mutationFn: (text: string) => addSirens({ id: groupId, ...parseSirenLines(text) }),
    onSuccess: async (result) => {
      notify.success(SIRENS_ADDED, addSirensDetail(result));
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: [groupsResource.key] });
    },
    onError: (error) => {
      notify.error(SIRENS_FAILED);
      if (error instanceof ApiError && error.status === 422) {
        const messages = error.errors.sirens?.length ? error.errors.sirens : Object.values(error.errors).flat();
        form.setFields([{ name: 'sirens', errors: messages.length ? messages : [error.message] }]);
      }
    },
  });
  const onFinish = useCallback(
    (values: AddSirensValues) => {
      if (!isPending) mutate(values.sirens ?? '');
    },
    [mutate, isPending],
  );
  return { onFinish, pending: isPending };
}
