/**
 * The deal-role and deal-type pages (SPEC sections 2, 4 and 8), generated from one declaration each: the lists
 * /transactions/roles and /transactions/types (loaded at once, searched by name), the create pages
 * /transactions/createrole and /transactions/createtype, and the edit pages /transactions/{id}/editrole and
 * /transactions/{id}/edittype (Effacer after 'Êtes-vous sûr(e) de vouloir le supprimer ?', a record in use
 * refused with errors.destroy in a toast; an unknown id toasts 'Item does not exist!' and goes to /home).
 */
import { StatusTag } from '../../../components/StatusTag';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { resourcePages } from '../../../components/resource/resourcePages';
import { DEALS_CRUMB, ROLES_TRAIL, TYPES_TRAIL } from '../breadcrumbs';
import { ROLES_TITLE, TYPES_TITLE } from '../texts';
import type { DealType } from '../types';
import { rolesResource, typesResource } from './resources';

/** Roles: Name, Display Name, Actif. */
export const rolePages = resourcePages({
  resource: rolesResource,
  formName: 'role',
  trail: ROLES_TRAIL,
  createTitle: 'Ajouter un rôle',
  editTitle: (role) => (role ? `Modifier ${role.name}` : 'Modifier un rôle'),
  fields: [{ name: 'name', label: 'Name' }, { name: 'display_name', label: 'Display Name' }, { kind: 'status' }],
  list: {
    title: ROLES_TITLE,
    breadcrumb: [DEALS_CRUMB, { title: ROLES_TITLE }],
    columns: [
      { key: 'id', title: 'ID', sortable: true, width: 90, secondary: true },
      { key: 'name', title: 'Name', sortable: true, identifying: true },
      { key: 'display_name', title: 'Display Name', sortable: true },
    ],
    searchText: (role) => `${role.name} ${role.display_name}`,
    editPath: (role) => `/transactions/${role.id}/editrole`,
  },
});

/** Types: Nom, Actif; the list's status column has a header read by screen readers only. */
export const typePages = resourcePages({
  resource: typesResource,
  formName: 'type',
  trail: TYPES_TRAIL,
  createTitle: 'Ajouter un type',
  editTitle: (type) => (type ? `Modifier ${type.name}` : 'Modifier un type'),
  fields: [{ name: 'name', label: 'Nom' }, { kind: 'status' }],
  list: {
    title: TYPES_TITLE,
    breadcrumb: [DEALS_CRUMB, { title: TYPES_TITLE }],
    columns: [
      { key: 'id', title: 'ID', sortable: true, width: 90, secondary: true },
      { key: 'name', title: 'Name', sortable: true, identifying: true },
    ],
    statusColumn: { key: 'status', title: <VisuallyHidden>Statut</VisuallyHidden>, width: 130, render: (type: DealType) => <StatusTag status={type.status} />, csv: (type: DealType) => (type.status === 1 ? 'Actif' : 'Désactivé') },
    searchText: (type) => type.name,
    editPath: (type) => `/transactions/${type.id}/edittype`,
  },
});
