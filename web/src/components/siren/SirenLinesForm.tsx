/**
 * The one textarea form of SIRENs typed one per line (SPEC section 2 'Groups'): a monospace textarea whose server messages (one per invalid line) show under it, cleared on edit, and a
 * submit button that spins while the call is in flight. The caller brings the form instance, the submit handler
 * and the notes of the last answer (spread from a `useSirenLinesForm` hook that sends `parseSirenLines` of the text): the
 * lines whose SIRET was taken for its SIREN (`Ligne 2 : SIRET 55203253400703 → SIREN 552032534`), listed under the
 * textarea until the next submission.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { clearErrorsOnChange } from '../form/clearErrorsOnChange';
import { useLeaveGuard } from '../form/useLeaveGuard';

/** Values of the form: the raw text of the textarea. */
export interface SirenLinesValues {
  sirens?: string;
}

/** Props of `SirenLinesForm`. */
export interface SirenLinesFormProps {
  form: FormInstance<SirenLinesValues>;
  /** Submits the lines and reports its own errors (useSirenLinesForm's, from useServerForm): its result is ignored. */
  onFinish: (values: SirenLinesValues) => void;
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
  /** Notes of the last answer (SIRET lines taken for their SIREN); nothing shows when empty. */
  notes?: readonly string[];
}

/** Title of the notes: the SIRET lines were kept as their SIREN. */
export function siretNotesTitle(notes: readonly string[]): string {
  return notes.length > 1 ? 'SIRET ramenés à leur SIREN' : 'SIRET ramené à son SIREN';
}

/** The textarea of SIRENs and its submit button (see the module docstring). */
export function SirenLinesForm({ form, onFinish, pending, name, label, extra, submitLabel, testIds, rows = { min: 4, max: 14 }, notes = [] }: SirenLinesFormProps) {
  // Lines typed and not yet added (the textarea is emptied once they are) ask before the page is left.
  const typed = Form.useWatch('sirens', form);
  useLeaveGuard(Boolean(typed?.trim()));
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
      {/* Announced when an answer brings notes; the region stays so that its new content is read out. */}
      <div role="status" aria-live="polite" data-testid="siren-lines-notes">
        {notes.length ? (
          <Alert
            type="info"
            showIcon
            title={siretNotesTitle(notes)}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18, fontFamily: 'ui-monospace, monospace' }}>
                {notes.map((note, i) => (
                  <li key={i}>{note}</li>
                ))}
              </ul>
            }
            style={{ marginBottom: 16 }}
          />
        ) : null}
      </div>
      <Button type="primary" htmlType="submit" loading={pending} icon={<PlusOutlined aria-hidden />} data-testid={testIds.submit}>
        {submitLabel}
      </Button>
    </Form>
  );
}
