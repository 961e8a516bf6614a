/** /transactions/success screen (SPEC section 2): 'Import CSV réussi !' and the link 'Voir les transactions'. */
import { Card, Result } from 'antd';
import { ButtonLink } from '../../../components/ButtonLink';
import { PageHeader } from '../../../components/layout/PageHeader';
import { DEALS_CRUMB } from '../breadcrumbs';
import { IMPORT_SUCCESS, IMPORT_TITLE, SEE_DEALS } from '../texts';

/** The success page after a written import. */
export default function ImportSuccessPage() {
  return (
    <>
      <PageHeader title={IMPORT_TITLE} breadcrumb={[DEALS_CRUMB, { title: IMPORT_TITLE, to: '/transactions/import' }, { title: 'Succès' }]} />
      <Card style={{ maxWidth: 720 }}>
        <Result
          status="success"
          title={<span data-testid="import-success">{IMPORT_SUCCESS}</span>}
          extra={
            <ButtonLink type="primary" to="/transactions" data-testid="see-deals">
              {SEE_DEALS}
            </ButtonLink>
          }
        />
      </Card>
    </>
  );
}
