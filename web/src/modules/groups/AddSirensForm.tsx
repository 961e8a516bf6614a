/** Textarea form adding SIRENs to a group, one per line (SPEC section 2 'Groups', section 4), on the shared SirenLinesForm. */
import { Form } from 'antd';
import { SirenLinesForm } from '../../components/siren/SirenLinesForm';
import { useAddSirens, type AddSirensValues } from './useAddSirens';

/** Props of `AddSirensForm`. */
export interface AddSirensFormProps {
  groupId: number;
}

/**
 * 'Ajouter des sirens (un par ligne)' textarea and 'Ajouter les sirens' button
 * (`data-testid="sirens-input"`, `add-sirens`); invalid lines are listed under the textarea, and after a success
 * the lines whose SIRET was taken for its SIREN.
 */
export function AddSirensForm({ groupId }: AddSirensFormProps) {
  const [form] = Form.useForm<AddSirensValues>();
  const { onFinish, pending, notes } = useAddSirens(groupId, form);
  return (
    <SirenLinesForm
      form={form}
      onFinish={onFinish}
      pending={pending}
      notes={notes}
      name="group-sirens"
      label="Ajouter des sirens (un par ligne)"
      extra="Les lignes vides sont ignorées."
      submitLabel="Ajouter les sirens"
      testIds={{ input: 'sirens-input', submit: 'add-sirens' }}
    />
  );
}
