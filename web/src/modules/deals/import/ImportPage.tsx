/**
 * /transactions/import screen (SPEC sections 2, 4, 5 and 8): a .csv picker, the template
 * ('Télécharger le modèle'), the documented columns, the bytes sent while the file goes out (« Annuler l’envoi »),
 * then the progress while it is imported, and the rows in
 * error of a refused file; a written file goes to /transactions/success.
 */
import { Card, Flex } from 'antd';
import { TemplateButton } from '../../../components/download/TemplateButton';
import { PageHeader } from '../../../components/layout/PageHeader';
import { CsvDropZone } from '../../../components/upload/CsvDropZone';
import { UploadProgress } from '../../../components/upload/UploadProgress';
import { DEALS_CRUMB } from '../breadcrumbs';
import { IMPORT_TITLE } from '../texts';
import { downloadDealsTemplate } from './api';
import { ImportBusy } from './ImportBusy';
import { ImportErrors } from './ImportErrors';
import { useDealImport } from './useDealImport';

/** The template's columns, as documented beside the picker. */
const COLUMNS_HINT =
  'Une ligne par entité, séparateur «\u00a0;\u00a0» ou «\u00a0,\u00a0», UTF-8 ou Windows-1252. Colonnes\u202f: deal_id, deal_date (JJ/MM/AAAA ou AAAA-MM-JJ), ' +
  'siren, company_name, role, type1, type2, amount, currency, stake, description, url, source, french_investment_abroad, ' +
  'foreign_investment_in_france, puis acquéreurs, cibles et cédant (buyer1, buyer1_country…, seller, seller_country). ' +
  'Les lignes de même deal_id forment une transaction\u202f; un fichier comportant une erreur est refusé en entier.';


/** The import screen. */
export default function ImportPage() {
  const { upload, tracker, job, refusal } = useDealImport();
  return (
    <>
      <PageHeader title={IMPORT_TITLE} breadcrumb={[DEALS_CRUMB, { title: IMPORT_TITLE }]} extra={<TemplateButton download={downloadDealsTemplate} testId="deals-template" />} />
      <Flex vertical gap={16} style={{ maxWidth: 900 }}>
        {tracker.progress ? (
          <Card>
            <Flex justify="center">
              <UploadProgress progress={tracker.progress} onCancel={tracker.cancel} />
            </Flex>
          </Card>
        ) : upload.isPending ? (
          <ImportBusy job={job} />
        ) : (
          <Card>
            <CsvDropZone upload={upload} hint={COLUMNS_HINT} testId="deals-csv-upload" />
          </Card>
        )}
        {refusal ? (
          <Card>
            <ImportErrors refusal={refusal} />
          </Card>
        ) : null}
      </Flex>
    </>
  );
}
