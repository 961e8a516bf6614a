/** Textarea adding SIRENs to a queue by hand, one per line (issue 11 section 2; as on a group's page). */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { clearErrorsOnChange } from '../../../components/form/clearErrorsOnChange';
import type { QueueName } from './api';
import { useQueueSirens, type QueueSirensValues } from './useQueueSirens';

/**
 * « Sirens à traiter (un par ligne) » and « Mettre en file » (`data-testid="queue-sirens-input"`,
 * `queue-sirens-submit`); the invalid lines are listed under the textarea.
 */
export function QueueSirensForm({ queue }: { queue: QueueName }) {
  const [form] = Form.useForm<QueueSirensValues>();
  const { onFinish, pending } = useQueueSirens(queue, form);
  return (
    <Form<QueueSirensValues>
      form={form}
      name={`queue-sirens-${queue}`}
      layout="vertical"
      onFinish={onFinish}
      onValuesChange={clearErrorsOnChange(form)}
      requiredMark={false}
      style={{ maxWidth: 720 }}
    >
      <Form.Item
        label="Sirens à traiter (un par ligne)"
        name="sirens"
        extra={'Les lignes vides sont ignorées\u202f; un siren déjà en attente n’est pas ajouté deux fois.'}
      >
        <Input.TextArea
          data-testid="queue-sirens-input"
          autoSize={{ minRows: 3, maxRows: 12 }}
          spellCheck={false}
          autoComplete="off"
          style={{ fontFamily: 'ui-monospace, monospace' }}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={pending} icon={<PlusOutlined aria-hidden />} data-testid="queue-sirens-submit">
        Mettre en file
      </Button>
    </Form>
  );
}
