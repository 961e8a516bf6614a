/**
 * /transactions screen (SPEC section 2 "Transactions (deals)"): one row per deal
 * entity, paged, sorted and searched on the server; Import CSV, the publication bar (c1 / c2, insert all,
 * undo the last write) and the links to the deal form, roles, types, imported files and BODACC rows.
 */
import {
  AuditOutlined,
  CheckCircleOutlined,
  CloudUploadOutlined,
  DeleteOutlined,
  FileTextOutlined,
  PlusOutlined,
  StopOutlined,
  TagsOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Card, Flex } from 'antd';
import { ButtonLink } from '../../../components/ButtonLink';
import { PageHeader } from '../../../components/layout/PageHeader';
import type { BulkOptions } from '../../../components/list/BulkBar';
import { DataList } from '../../../components/list/DataList';
import { DenseCells } from '../../../components/list/DenseCells';
import type { ServerListSource } from '../../../components/list/useDataList';
import { DEAL_STATS_KEY } from '../publication/api';
import { PublicationBar } from '../publication/PublicationBar';
import { DEALS_LIST_KEY } from '../publication/usePublication';
import { BODACC_TITLE, CREATE_DEAL_TITLE, DEALS_SEARCH_PLACEHOLDER, DEALS_TITLE, FILES_TITLE, ROLES_TITLE, TYPES_TITLE } from '../texts';
import type { DealListRow } from '../types';
import { bulkDeals, filterDeals } from './api';
import { DEAL_COLUMNS } from './dealColumns';

const source: ServerListSource<DealListRow> = { mode: 'server', queryKey: [...DEALS_LIST_KEY], fetch: filterDeals };

/** « N lignes » the French way: the rows chosen, each one entity of a deal. */
const lines = (count: number) => `${count.toLocaleString('fr-FR')} ligne${count > 1 ? 's' : ''}`;

/**
 * Activer, Désactiver, Supprimer on the deals of the ticked rows (a deal with several entities counts once in
 * the answer); the publication counts are read again after.
 */
const bulk: BulkOptions = {
  actions: [
    { key: 'activate', label: 'Activer', icon: <CheckCircleOutlined aria-hidden />, question: (n) => `Activer les transactions de ${lines(n)}\u202f?`, run: (s) => bulkDeals('activate', s) },
    { key: 'deactivate', label: 'Désactiver', icon: <StopOutlined aria-hidden />, question: (n) => `Désactiver les transactions de ${lines(n)}\u202f?`, run: (s) => bulkDeals('deactivate', s) },
    { key: 'delete', label: 'Supprimer', icon: <DeleteOutlined aria-hidden />, danger: true, question: (n) => `Supprimer les transactions de ${lines(n)}\u202f?`, run: (s) => bulkDeals('delete', s) },
  ],
  invalidate: [[...DEAL_STATS_KEY]],
};

/** The deals list with its actions and bulk actions; the search (trimmed) runs on Enter or 'Chercher'. */
export default function DealListPage() {
  return (
    <>
      <PageHeader
        title={DEALS_TITLE}
        breadcrumb={[{ title: DEALS_TITLE }]}
        extra={
          <>
            <ButtonLink type="primary" to="/transactions/createdeal" icon={<PlusOutlined aria-hidden />} data-testid="deal-create-link">
              {CREATE_DEAL_TITLE}
            </ButtonLink>
            <ButtonLink to="/transactions/import" icon={<CloudUploadOutlined aria-hidden />} data-testid="deals-import-link">
              Import CSV
            </ButtonLink>
          </>
        }
      />
      <Flex vertical gap={16}>
        <Card>
          <PublicationBar />
        </Card>
        <Flex gap={8} wrap data-testid="deals-links">
          <ButtonLink to="/transactions/roles" icon={<TeamOutlined aria-hidden />}>
            {ROLES_TITLE}
          </ButtonLink>
          <ButtonLink to="/transactions/types" icon={<TagsOutlined aria-hidden />}>
            {TYPES_TITLE}
          </ButtonLink>
          <ButtonLink to="/transactions/files" icon={<FileTextOutlined aria-hidden />}>
            {FILES_TITLE}
          </ButtonLink>
          <ButtonLink to="/transactions/bodacc" icon={<AuditOutlined aria-hidden />}>
            {BODACC_TITLE}
          </ButtonLink>
        </Flex>
        <Card>
          {/* Dense: every column, Currency and Stake included, fits 1440 px with the sidebar open. */}
          <DenseCells>
            <DataList<DealListRow>
              source={source}
              columns={DEAL_COLUMNS}
              search={{ placeholder: DEALS_SEARCH_PLACEHOLDER }}
              bulk={bulk}
              testId="deals-list"
              exportCsv={{ path: '/api/transactions/export.csv' }}
            />
          </DenseCells>
        </Card>
      </Flex>
    </>
  );
}
