/**
 * /transactions/createdeal screen 'Ajouter une transaction' (SPEC sections 2, 4 and 5): the deal form starting
 * active, in EUR, with no type and one empty entity; after a save, back to /transactions.
 */
import { useState } from 'react';
import { PageHeader } from '../../../components/layout/PageHeader';
import { useCreateForm } from '../../../components/resource/useResourceForm';
import { DEALS_CRUMB } from '../breadcrumbs';
import { CREATE_DEAL_TITLE } from '../texts';
import { dealsResource } from './api';
import { DealForm, useDealFormInstance } from './DealForm';
import { newDealValues, valuesToDealInput } from './dealValues';

/** Add a deal with its entities. */
export default function DealCreatePage() {
  const form = useDealFormInstance();
  const [values] = useState(newDealValues);
  const { onFinish, pending } = useCreateForm(dealsResource, form, valuesToDealInput);
  return (
    <>
      <PageHeader title={CREATE_DEAL_TITLE} breadcrumb={[DEALS_CRUMB, { title: CREATE_DEAL_TITLE }]} />
      <DealForm form={form} values={values} onFinish={onFinish} pending={pending} />
    </>
  );
}
