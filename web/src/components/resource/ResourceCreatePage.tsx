/**
 * Generic create page of a resource: form with 422 errors under the fields, then
 * success toast and redirect to the list (SPEC section 4).
 */
import { Form } from 'antd';
import type { ReactNode } from 'react';
import type { CrudResource } from '../../api/resource';
import { EntityForm } from '../form/EntityForm';
import { PageHeader, type Crumb } from '../layout/PageHeader';
import { useCreateForm } from './useResourceForm';

/** Props of `ResourceCreatePage`. */
export interface ResourceCreatePageProps<T extends { id: number; status: number }, TCreate, TValues> {
  resource: CrudResource<T, TCreate, never>;
  title: string;
  /** Breadcrumb after 'Dashboard', e.g. `[{title: 'Administrateurs', to: '/admins'}, {title: 'Ajouter'}]`. */
  breadcrumb: Crumb[];
  /** Starting values (e.g. `{status: 1}`). */
  initialValues: Partial<TValues>;
  /** Form values -> request body. */
  toInput: (values: TValues) => TCreate;
  /** antd form name (prefix of the input ids). */
  formName: string;
  /** The form fields. */
  children: ReactNode;
}

/**
 * Generic "add" page: header, form, 'Enregistrer' (disabled while sending), 422 errors under
 * the fields; on success toast and redirect to the resource's list.
 */
export function ResourceCreatePage<T extends { id: number; status: number }, TCreate, TValues>(
  props: ResourceCreatePageProps<T, TCreate, TValues>,
) {
  const { resource, title, breadcrumb, initialValues, toInput, formName, children } = props;
  const [form] = Form.useForm<TValues>();
  const { onFinish, pending } = useCreateForm(resource, form, toInput);
  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <EntityForm<TValues>
        form={form}
        name={formName}
        values={initialValues}
        onFinish={onFinish}
        pending={pending}
        backTo={resource.listPath}
      >
        {children}
      </EntityForm>
    </>
  );
}
