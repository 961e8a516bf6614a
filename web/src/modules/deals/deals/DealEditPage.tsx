/**
 * /transactions/{id}/editdeal screen (SPEC sections 2, 4 and 8): the deal loaded by
 * getDealRoles (an unknown id toasts 'Item does not exist!' and goes to /home), its identifier in the
 * breadcrumb; saved in place; its status toggled after confirmation; deleted after 'Êtes-vous sûr(e) de
 * vouloir le supprimer ?', then back to the list.
 */
import { Card, Skeleton, Space } from 'antd';
import { useMemo } from 'react';
import { PageHeader } from '../../../components/layout/PageHeader';
import { HistoryLink } from '../../../components/resource/HistoryLink';
import { StatusToggleButton } from '../../../components/resource/StatusToggleButton';
import { useResourceActions } from '../../../components/resource/useResourceActions';
import { useUpdateForm } from '../../../components/resource/useResourceForm';
import { useResourceItem, useRouteId } from '../../../components/resource/useResourceQueries';
import { StatusTag } from '../../../components/StatusTag';
import { DEALS_CRUMB } from '../breadcrumbs';
import { dealsResource } from './api';
import { DealForm, useDealFormInstance } from './DealForm';
import { dealToValues, type DealFormValues, valuesToDealInput } from './dealValues';

/** Edit a deal and its entities. */
export default function DealEditPage() {
  const id = useRouteId();
  const { data: deal } = useResourceItem(dealsResource, id);
  const form = useDealFormInstance();
  const { onFinish, pending } = useUpdateForm(dealsResource, id ?? 0, form, valuesToDealInput, dealToValues);
  const { toggleStatus, remove } = useResourceActions(dealsResource);
  // The form is refilled only when the loaded values change (a save, a toggle), not at every refetch.
  const valuesKey = deal ? JSON.stringify(dealToValues(deal)) : '';
  const values = useMemo(() => (valuesKey ? (JSON.parse(valuesKey) as DealFormValues) : undefined), [valuesKey]);
  const identifier = deal?.deal_id ?? deal?.deal_identifier;
  return (
    <>
      <PageHeader
        title={identifier ? `Transaction ${identifier}` : 'Modifier une transaction'}
        breadcrumb={[DEALS_CRUMB, { title: identifier ?? '…' }]}
        extra={
          deal ? (
            <Space>
              <StatusTag status={deal.status} />
              <StatusToggleButton status={deal.status} onClick={() => toggleStatus(deal)} />
              <HistoryLink resource="deals" id={deal.id} />
            </Space>
          ) : null
        }
      />
      {deal && values ? (
        <DealForm form={form} values={values} onFinish={onFinish} pending={pending} onDelete={() => remove(deal, { redirect: true })} />
      ) : (
        <Card style={{ maxWidth: 1100 }} data-testid="form-loading">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      )}
    </>
  );
}
