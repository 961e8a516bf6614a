/**
 * Generic edit page of a resource (`/<resource>/:id/edit`): loads the item (not-found
 * toast and /home, SPEC section 8), saves in place, deletes after confirmation back to
 * the list (SPEC section 4). A resource with an audit name gets the « Historique » link (docs/audit.md).
 */
import { Card, Form, Skeleton } from 'antd';
import { useMemo, type ReactNode } from 'react';
import type { CrudResource } from '../../api/resource';
import { EntityForm } from '../form/EntityForm';
import { PageHeader, type Crumb } from '../layout/PageHeader';
import { HistoryLink } from './HistoryLink';
import { useResourceActions } from './useResourceActions';
import { useUpdateForm } from './useResourceForm';
import { useResourceItem, useRouteId } from './useResourceQueries';

/** Props of `ResourceEditPage`. */
export interface ResourceEditPageProps<T extends { id: number; status: number }, TUpdate, TValues> {
  resource: CrudResource<T, never, TUpdate>;
  /** Page title, from the loaded item when available. */
  title: (item: T | undefined) => string;
  breadcrumb: Crumb[];
  /** Loaded item -> form values (reapplied after each save: reload in place). */
  toValues: (item: T) => Partial<TValues>;
  /** Form values -> request body. */
  toInput: (values: TValues) => TUpdate;
  formName: string;
  children: ReactNode;
  /** Why 'Effacer' is refused for this item (e.g. the super admin): the button is disabled with that tooltip. */
  deleteDisabledReason?: string;
  /** Content shown under the form once the item is loaded (e.g. the SIRENs of a group). */
  below?: (item: T) => ReactNode;
}

/**
 * Generic edit page for `/<resource>/:id/edit`: loads the item (404 -> 'User does not exist!'
 * style toast and /home), shows the form with 'Enregistrer', 'Effacer' (confirm, delete, back to
 * the list) and 'Retour'; after a save the item is reloaded in place with a success toast.
 * A reload of the item refills the form only when its form values changed, so a change of some
 * other field (e.g. a count shown `below`) keeps the user's unsaved edits.
 */
export function ResourceEditPage<T extends { id: number; status: number }, TUpdate, TValues>(
  props: ResourceEditPageProps<T, TUpdate, TValues>,
) {
  const { resource, title, breadcrumb, toValues, toInput, formName, children, below, deleteDisabledReason } = props;
  const id = useRouteId();
  const { data: item } = useResourceItem(resource, id);
  const [form] = Form.useForm<TValues>();
  const { onFinish, pending } = useUpdateForm(resource, id ?? 0, form, toInput, toValues);
  const { remove } = useResourceActions(resource);
  const valuesKey = item ? JSON.stringify(toValues(item)) : '';
  const values = useMemo(() => (valuesKey ? (JSON.parse(valuesKey) as Partial<TValues>) : undefined), [valuesKey]);

  return (
    <>
      <PageHeader
        title={title(item)}
        breadcrumb={breadcrumb}
        extra={resource.auditResource && id ? <HistoryLink resource={resource.auditResource} id={id} /> : undefined}
      />
      {item && values ? (
        <EntityForm<TValues>
          form={form}
          name={formName}
          values={values}
          onFinish={onFinish}
          pending={pending}
          onDelete={() => remove(item, { redirect: true })}
          deleteDisabledReason={deleteDisabledReason}
          backTo={resource.listPath}
        >
          {children}
        </EntityForm>
      ) : (
        <Card style={{ maxWidth: 720 }} data-testid="form-loading">
          <Skeleton active paragraph={{ rows: 5 }} />
        </Card>
      )}
      {item && below ? below(item) : null}
    </>
  );
}
