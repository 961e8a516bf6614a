/**
 * One declaration per status resource on the web (columns, fields, value mapping) that generates its list,
 * create and edit pages, as the server's `status-resource.ts` generates its routes. The fields declare the form;
 * the values the form starts from, reads from a loaded record and sends are derived from them, so a module
 * writes neither the form nor the conversions.
 */
import { Form, Input, Radio } from 'antd';
import type { ComponentType } from 'react';
import type { CrudResource } from '../../api/resource';
import { StatusField } from '../form/StatusField';
import type { Crumb } from '../layout/PageHeader';
import type { DataColumn } from '../list/DataList';
import { ResourceCreatePage } from './ResourceCreatePage';
import { ResourceEditPage } from './ResourceEditPage';
import { ResourceListPage } from './ResourceListPage';
import { statusActionColumn, statusColumn } from './statusColumns';
import { useResourceActions } from './useResourceActions';

/** A text field (`type` email gives the browser's email keyboard and check). */
interface TextField<K extends string> {
  kind?: 'text' | 'email';
  name: K;
  label: string;
  /** Language of the value, when it is not French (`en`). */
  lang?: string;
}
/** A password field; with `keepWhenEmpty`, on the edit page it may stay empty (kept) and is then not sent. */
interface PasswordField<K extends string> {
  kind: 'password';
  name: K;
  label: string;
  /** Placeholder on the edit page, where an empty password keeps the current one. */
  keepWhenEmpty?: string;
}
/** A choice among a few values, as radio buttons; the first one is the starting value. */
interface RadioField<K extends string> {
  kind: 'radio';
  name: K;
  label: string;
  options: { value: string; label: string }[];
  testId?: string;
}
/** The 'Actif' checkbox of `status` (1 / 0), active on a new record. */
interface StatusFieldDecl {
  kind: 'status';
  /** Checkbox text, 'Actif' by default. */
  label?: string;
}

/** One field of a resource's form, named after a key of its request body. */
export type FieldDecl<K extends string> = TextField<K> | PasswordField<K> | RadioField<K> | StatusFieldDecl;

/** Form values: the declared fields' values by name. */
type Values = Record<string, unknown>;

/** What a module declares of a status resource's pages. */
export interface ResourcePagesDeclaration<T extends { id: number; status: number }, TCreate, TUpdate> {
  resource: CrudResource<T, TCreate, TUpdate>;
  /** antd form name (prefix of the input ids). */
  formName: string;
  /** Breadcrumb steps down to the list (linked), before 'Ajouter' / 'Modifier'. */
  trail: Crumb[];
  /** Title of the create page. */
  createTitle: string;
  /** Title of the edit page, from the loaded record when there is one. */
  editTitle: (item: T | undefined) => string;
  /** The form's fields, in order. */
  fields: FieldDecl<Extract<keyof TCreate, string>>[];
  /** The list page: its title, data columns (Status and Action are added), search text and edit page path. */
  list?: {
    title: string;
    /** Breadcrumb of the list, `[{ title }]` by default. */
    breadcrumb?: Crumb[];
    columns: DataColumn<T>[];
    searchText: (row: T) => string;
    editPath: (row: T) => string;
    /** The Status column, when it differs from the shared sortable one. */
    statusColumn?: DataColumn<T>;
  };
}

/** The pages a declaration generates (route components, lazy-loaded with their declaration). */
export interface ResourcePages {
  CreatePage: ComponentType;
  EditPage: ComponentType;
  /** Present when the declaration has `list`. */
  ListPage?: ComponentType;
}

const fieldName = (field: FieldDecl<string>): string => (field.kind === 'status' ? 'status' : field.name);

/** Starting values of the create form: empty texts, the first choice, active. */
function initialValues(fields: FieldDecl<string>[]): Values {
  return Object.fromEntries(fields.map((f) => [fieldName(f), f.kind === 'status' ? 1 : f.kind === 'radio' ? f.options[0]?.value : '']));
}

/** Loaded record -> form values (a password is never read back: empty). */
function recordValues(fields: FieldDecl<string>[], item: Record<string, unknown>): Values {
  return Object.fromEntries(fields.map((f) => [fieldName(f), f.kind === 'password' ? '' : item[fieldName(f)]]));
}

/** Form values -> request body: texts as typed ('' when untouched), status 1 or 0, a kept password left out. */
function bodyOf(fields: FieldDecl<string>[], values: Values, editing: boolean): Values {
  const body: Values = {};
  for (const f of fields) {
    const name = fieldName(f);
    const value = values[name];
    if (f.kind === 'status') body[name] = value === 1 ? 1 : 0;
    else if (f.kind === 'radio') body[name] = value;
    else if (f.kind === 'password' && editing && f.keepWhenEmpty !== undefined && !value) continue;
    else body[name] = value ?? '';
  }
  return body;
}

/** The form items of the declared fields. */
function DeclaredFields({ fields, editing }: { fields: FieldDecl<string>[]; editing: boolean }) {
  return (
    <>
      {fields.map((f) => {
        switch (f.kind) {
          case 'status':
            return <StatusField key="status" label={f.label} />;
          case 'radio':
            return (
              <Form.Item key={f.name} label={f.label} name={f.name}>
                <Radio.Group options={f.options} data-testid={f.testId} />
              </Form.Item>
            );
          case 'password':
            return (
              <Form.Item key={f.name} label={f.label} name={f.name}>
                <Input.Password autoComplete="new-password" placeholder={editing ? f.keepWhenEmpty : undefined} />
              </Form.Item>
            );
          default:
            return (
              <Form.Item key={f.name} label={f.label} name={f.name}>
                <Input type={f.kind === 'email' ? 'email' : undefined} autoComplete="off" lang={f.lang} />
              </Form.Item>
            );
        }
      })}
    </>
  );
}

/**
 * The list, create and edit pages of a status resource from its declaration: the create page starts from
 * empty fields (active), the edit page loads the record (not-found toast and /home), saves in place and deletes
 * after confirmation; the list shows the declared columns then Status and Action (toggle, edit).
 */
export function resourcePages<T extends { id: number; status: number }, TCreate, TUpdate>(
  declaration: ResourcePagesDeclaration<T, TCreate, TUpdate> & { list: NonNullable<ResourcePagesDeclaration<T, TCreate, TUpdate>['list']> },
): Required<ResourcePages>;
export function resourcePages<T extends { id: number; status: number }, TCreate, TUpdate>(
  declaration: ResourcePagesDeclaration<T, TCreate, TUpdate>,
): ResourcePages;
export function resourcePages<T extends { id: number; status: number }, TCreate, TUpdate>(
  declaration: ResourcePagesDeclaration<T, TCreate, TUpdate>,
): ResourcePages {
  const { resource, formName, trail, fields } = declaration;
  const all = fields as FieldDecl<string>[];

  function CreatePage() {
    return (
      <ResourceCreatePage<T, TCreate, Values>
        resource={resource as CrudResource<T, TCreate, never>}
        title={declaration.createTitle}
        breadcrumb={[...trail, { title: 'Ajouter' }]}
        initialValues={initialValues(all)}
        toInput={(values) => bodyOf(all, values, false) as TCreate}
        formName={formName}
      >
        <DeclaredFields fields={all} editing={false} />
      </ResourceCreatePage>
    );
  }

  function EditPage() {
    return (
      <ResourceEditPage<T, TUpdate, Values>
        resource={resource as CrudResource<T, never, TUpdate>}
        title={declaration.editTitle}
        breadcrumb={[...trail, { title: 'Modifier' }]}
        toValues={(item) => recordValues(all, item as unknown as Record<string, unknown>)}
        toInput={(values) => bodyOf(all, values, true) as TUpdate}
        formName={formName}
      >
        <DeclaredFields fields={all} editing />
      </ResourceEditPage>
    );
  }

  const list = declaration.list;
  if (!list) return { CreatePage, EditPage };

  const ListPage = () => {
    const { toggleStatus } = useResourceActions(resource as CrudResource<T, never, never>);
    const columns: DataColumn<T>[] = [...list.columns, list.statusColumn ?? statusColumn(), statusActionColumn({ toggle: toggleStatus, editPath: list.editPath })];
    return (
      <ResourceListPage<T>
        resource={resource as CrudResource<T, never, never>}
        title={list.title}
        breadcrumb={list.breadcrumb}
        columns={columns}
        searchText={list.searchText}
      />
    );
  };

  return { CreatePage, EditPage, ListPage };
}
