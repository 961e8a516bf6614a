/** Textarea form adding SIRENs to a group, one per line (SPEC section 2 'Groups', section 4). */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { clearErrorsOnChange } from '../../components/form/clearErrorsOnChange';
import { useAddSirens, type AddSirensValues } from './useAddSirens';

/** Props of `AddSirensForm`. */
export interface AddSirensFormProps {
  groupId: number;
}

/**
 * 'Ajouter des sirens (un par ligne)' textarea and 'Ajouter les sirens' button
 * (`data-testid="sirens-input"`, `add-sirens`); invalid lines are listed under the textarea.
 */
export function AddSirensForm({ groupId }: AddSirensFormProps) {
  const [form] = Form.useForm<AddSirensValues>();
  const { onFinish, pending } = useAddSirens(groupId, form);
  return (
    <Form<AddSirensValues>
      form={form}
      name="group-sirens"
      layout="vertical"
      onFinish={onFinish}
      onValuesChange={clearErrorsOnChange(form)}
      requiredMark={false}
      style={{ maxWidth: 720 }}
    >
      <Form.Item label="Ajouter des sirens (un par ligne)" name="sirens" extra="Les lignes vides sont ignorées.">
        <Input.TextArea
          data-testid="sirens-input"
          autoSize={{ minRows: 4, maxRows: 14 }}
          spellCheck={false}
          autoComplete="off"
          style={{ fontFamily: 'ui-monospace, monospace' }}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={pending} icon={<PlusOutlined aria-hidden />} data-testid="add-sirens">
        Ajouter les sirens
      </Button>
    </Form>
  );
}
