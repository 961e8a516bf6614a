/**
 * The deal form shared by /transactions/createdeal and /transactions/{id}/editdeal: the shared `EntityForm`
 * (Enregistrer, Effacer when editing, Retour; 422 errors under the fields) holding the deal's fields and its
 * entities, with the choices of the selects.
 */
import { Form, type FormInstance } from 'antd';
import { EntityForm } from '../../../components/form/EntityForm';
import type { DealFormValues } from './dealValues';
import { DealFields } from './DealFields';
import { EntitiesField } from './EntitiesField';
import { useDealOptions } from './useDealOptions';

/** Props of `DealForm`. */
export interface DealFormProps {
  form: FormInstance<DealFormValues>;
  values: Partial<DealFormValues>;
  onFinish: (values: DealFormValues) => void;
  pending: boolean;
  onDelete?: () => void;
}

/** The whole deal form, 1100 px wide at most. */
export function DealForm({ form, values, onFinish, pending, onDelete }: DealFormProps) {
  const options = useDealOptions();
  return (
    <EntityForm<DealFormValues>
      form={form}
      name="deal"
      values={values}
      onFinish={onFinish}
      pending={pending}
      onDelete={onDelete}
      backTo="/transactions"
      maxWidth={1100}
    >
      <DealFields types={options.types} countries={options.countries} />
      <EntitiesField form={form as FormInstance} roles={options.roles} />
    </EntityForm>
  );
}

/** The antd form instance of the deal form. */
export const useDealFormInstance = () => Form.useForm<DealFormValues>()[0];
