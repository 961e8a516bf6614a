/**
 * `useArticleSearch`: the SIREN search of 'Effacer un article' (SPEC sections 2 "News", 5 and 8): the
 * value trimmed, an empty one refused with 'Veuillez saisir un siren' and no call, then
 * POST /api/hows/listbysiren; the server's errors.siren under the field.
 */
import { useQuery } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../api/errors';
import { useNotify } from '../../../components/feedback/useNotify';
import { SIREN_REQUIRED } from '../texts';
import { listBySiren } from './api';
import { articlesKey } from './queries';

/** Values of the search form. */
export interface ArticleSearchValues {
  siren?: string;
}

/**
 * The search: `search(values)` (the form's onFinish, so Enter submits) trims the SIREN, shows
 * 'Veuillez saisir un siren' under the field when empty (no call) and otherwise loads that SIREN's
 * articles (again when it is the one already shown); `reset()` empties the field and the table.
 * `siren` is the SIREN searched (null before any search), `query` its articles.
 */
export function useArticleSearch(form: FormInstance<ArticleSearchValues>) {
  const notify = useNotify();
  const [siren, setSiren] = useState<string | null>(null);
  const query = useQuery({
    queryKey: articlesKey(siren ?? ''),
    queryFn: ({ signal }) => listBySiren(siren!, signal),
    enabled: siren !== null,
    retry: false,
  });

  const { error, errorUpdatedAt } = query;
  useEffect(() => {
    if (!error) return;
    const message = isApiError(error, 422) ? (error.firstError('siren') ?? error.message) : undefined;
    if (message) form.setFields([{ name: 'siren', errors: [message] }]);
    else notify.apiError(error);
  }, [error, errorUpdatedAt, form, notify]);

  const search = (values: ArticleSearchValues) => {
    const value = (values.siren ?? '').trim();
    form.setFieldsValue({ siren: value });
    if (!value) {
      form.setFields([{ name: 'siren', errors: [SIREN_REQUIRED] }]);
      return;
    }
    if (value === siren) void query.refetch();
    else setSiren(value);
  };
  const reset = () => {
    form.resetFields();
    setSiren(null);
  };
  return { siren, query, search, reset };
}
