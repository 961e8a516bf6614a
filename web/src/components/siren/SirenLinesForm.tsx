/**
 * The one textarea form of SIRENs typed one per line (SPEC section 2 'Groups'; issue 11 section 2 for the RNE
 * queues): a monospace textarea whose server messages (one per invalid line) show under it, cleared on edit, and a
 * submit button that spins while the call is in flight. The caller brings the form instance and the submit handler
 * (a `useServerForm` hook that sends `parseSirenLines` of the text).
 */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { clearErrorsOnChange } from '../form/clearErrorsOnChange';

/** Values of the form: the raw text of the textarea. */
export interface SirenLinesValues {
  sirens?: string;
}

/** Props of `SirenLinesForm`. */
export interface SirenLinesFormProps {
  form: FormInstance<SirenLinesValues>;
  onFinish: (values: SirenLinesValues) => void | Promise<void>;
  pending: boolean;
  /** The form's name (ids of its fields). */
  name: string;
  /** Label of the textarea, e.g. 'Ajouter des sirens (un par ligne)'. */
  label: string;
  /** Hint under the textarea. */
  extra: ReactNode;
  /** Text of the submit button. */
  submitLabel: string;
  /** `data-testid` of the textarea and of the button. */
  testIds: { input: string; submit: string };
  /** Rows of the textarea: at least, at most. */
  rows?: { min: number; max: number };
}

/** The textarea of SIRENs and its submit button (see the module docstring). */
export function SirenLinesForm({ form, onFinish, pending, name, label, extra, submitLabel, testIds, rows = { min: 4, max: 14 } }: SirenLinesFormProps) {
  return (
    <Form<SirenLinesValues>
      form={form}
      name={name}
      layout="vertical"
      onFinish={onFinish}
      onValuesChange={clearErrorsOnChange(form)}
      requiredMark={false}
      style={{ maxWidth: 720 }}
    >
      <Form.Item label={label} name="sirens" extra={extra}>
        <Input.TextArea
          data-testid={testIds.input}
          autoSize={{ minRows: rows.min, maxRows: rows.max }}
          spellCheck={false}
          autoComplete="off"
          style={{ fontFamily: 'ui-monospace, monospace' }}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={pending} icon={<PlusOutlined aria-hidden />} data-testid={testIds.submit}>
        {submitLabel}
      </Button>
    </Form>
  );
}
