/**
 * The published articles of one SIREN on 'Effacer un article' (SPEC section 2 "News"): Siren, Titre,
 * Catégorie, Date, Action (delete after 'Voulez-vous vraiment effacer cet article ?').
 */
import type { PublishedArticle } from '../../../api/types';
import { useConfirmAction } from '../../../components/feedback/useConfirmAction';
import { DataList, type DataColumn } from '../../../components/list/DataList';
import { deleteColumn } from '../../../components/list/deleteColumn';
import { formatDateTime, formatDateTimeInput } from '../../../lib/dates';
import { CONFIRM_DELETE_ARTICLE } from '../texts';
import { removeArticle } from './api';
import { articlesKey } from './queries';

/** Props of `ArticleTable`. */
export interface ArticleTableProps {
  /** The SIREN searched: the export is named `articles-<siren>-YYYY-MM-DD.csv`. */
  siren: string;
  /** The articles, undefined while they load. */
  articles: PublishedArticle[] | undefined;
  loading: boolean;
}

/**
 * The articles as a list (`data-testid="articles-list"`), 'Aucun résultat trouvé' when the SIREN has
 * none; each row's 'Effacer' asks for confirmation, then removes the article by SIREN and identifier,
 * reloads and toasts. « Exporter CSV » writes the articles of the current sort in the browser (Siren, Titre,
 * Catégorie, Date in Paris time `DD/MM/YYYY HH:mm`).
 */
export function ArticleTable({ siren, articles, loading }: ArticleTableProps) {
  const confirmAction = useConfirmAction();
  const columns: DataColumn<PublishedArticle>[] = [
    {
      key: 'siren',
      title: 'Siren',
      identifying: true,
      minWidth: 110,
      render: (article) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{article.siren}</span>,
      csv: (article) => article.siren,
    },
    { key: 'title', title: 'Titre', sortable: true, minWidth: 240 },
    { key: 'theme', title: 'Catégorie', sortable: true },
    { key: 'date', title: 'Date', sortable: true, width: 150, render: (article) => formatDateTime(article.date), csv: (article) => formatDateTimeInput(article.date) },
    deleteColumn<PublishedArticle>({
      label: (article) => `Effacer l’article ${article.title}`,
      testId: 'remove-article',
      // On a phone Effacer is in the row's details (the row expands).
      secondary: true,
      onDelete: (article) =>
        confirmAction({
          content: CONFIRM_DELETE_ARTICLE,
          okText: 'Effacer',
          action: () => removeArticle({ siren: article.siren, identifier: article.identifier }),
          danger: true,
          invalidate: [articlesKey(article.siren)],
        }),
    }),
  ];
  return (
    <DataList<PublishedArticle>
      source={{ mode: 'client', rows: articles, loading }}
      columns={columns}
      rowKey={(article) => article.identifier}
      defaultSort={{ column: 'date', direction: 'desc' }}
      testId="articles-list"
      exportCsv={{ name: `articles-${siren}` }}
    />
  );
}
