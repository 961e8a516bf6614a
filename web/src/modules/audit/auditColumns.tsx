/**
 * Columns of the « Journal d’audit »: Date (Paris time, with seconds), Administrateur, Action (a bulk action as
 * « désactivée (action groupée, 2 transactions) »), Ressource (sortable), Identifiant, Détail (« champ : avant →
 * après », one line per field; a bulk action's selection), IP.
 */
import { auditActionText, auditActorText, auditDetailLines, auditResourceLabel } from '../../../../contract/audit-text';
import type { DataColumn } from '../../components/list/DataList';
import { formatDateTimeSeconds } from '../../lib/dates';
import type { AuditEntry } from './api';

/** The list's columns (their keys are the server's sort names). */
export const AUDIT_COLUMNS: DataColumn<AuditEntry>[] = [
  // Narrow enough that, on a phone, the date (on two lines) and the administrator, both kept on the left, fit the
  // screen with an email of usual length beside it.
  { key: 'created_at', title: 'Date', sortable: true, render: (e) => formatDateTimeSeconds(e.created_at), minWidth: 96 },
  { key: 'admin_email', title: 'Administrateur', sortable: true, render: (e) => auditActorText(e), identifying: true },
  { key: 'action', title: 'Action', sortable: true, render: (e) => auditActionText(e) },
  { key: 'resource', title: 'Ressource', sortable: true, render: (e) => auditResourceLabel(e.resource) },
  { key: 'resource_id', title: 'Identifiant', render: (e) => e.resource_id ?? '' },
  {
    key: 'detail',
    title: 'Détail',
    render: (e) => (
      <div data-testid="audit-detail">
        {auditDetailLines(e).map((line, i) => (
          <div key={i} style={{ overflowWrap: 'anywhere' }}>
            {line}
          </div>
        ))}
      </div>
    ),
    minWidth: 260,
  },
  { key: 'ip', title: 'IP', render: (e) => e.ip ?? '', secondary: true },
];
