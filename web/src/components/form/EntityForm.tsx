/**
 * `EntityForm`: card with a vertical antd form and its action bar ('Enregistrer', optional
 * 'Effacer' and 'Retour' link), shared by every create/edit and profile form (SPEC section 2). A form changed
 * and not yet sent asks before it is left (`useLeaveGuard`); sending it counts as saved (a refused save is
 * changed again by the next edit).
 */
import { ArrowLeftOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, type FormInstance } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DisabledReason } from '../feedback/DisabledReason';
import { clearErrorsOnChange } from './clearErrorsOnChange';
import { useLeaveGuard } from './useLeaveGuard';

/** Props of `EntityForm`. */
export interface EntityFormProps<TValues> {
  form: FormInstance<TValues>;
  /** Current values; the form is (re)filled whenever this object changes (reload in place). */
  values?: Partial<TValues>;
  /** Submit handler (from `useServerForm`). */
  onFinish: (values: TValues) => void;
  /** Submit in flight: the 'Enregistrer' button spins and is disabled. */
  pending: boolean;
  /** Shows a danger 'Effacer' button calling this. */
  onDelete?: () => void;
  /** Why 'Effacer' is refused (e.g. 'Le Super admin ne peut être effacé'): disabled, with that tooltip. */
  deleteDisabledReason?: string;
  /** Shows a 'Retour' link to this path. */
  backTo?: string;
  /** Submit button text, 'Enregistrer' by default. */
  submitLabel?: string;
  /** antd form name (prefix of the input ids). */
  name?: string;
  /** Widest the card grows, in CSS pixels (720 by default; a form with a list of rows needs more). */
  maxWidth?: number;
  /** The fields. */
  children: ReactNode;
}

/**
 * Card with a vertical antd form and its action bar: 'Enregistrer' (submit), optional
 * 'Effacer' and 'Retour'. Shared by every create/edit page.
 */
export function EntityForm<TValues>(props: EntityFormProps<TValues>) {
  const { form, values, onFinish, pending, onDelete, deleteDisabledReason, backTo, submitLabel = 'Enregistrer', name, maxWidth = 720, children } = props;

  useEffect(() => {
    if (values) form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, values]);
  // Changed by the user since it was filled or sent.
  const [dirty, setDirty] = useState(false);
  useLeaveGuard(dirty);
  const clearErrors = clearErrorsOnChange(form);

  return (
    <Card style={{ maxWidth }}>
      <Form<TValues>
        form={form}
        name={name}
        layout="vertical"
        initialValues={values}
        onFinish={(sent) => {
          setDirty(false);
          onFinish(sent);
        }}
        onValuesChange={(changed: Record<string, unknown>) => {
          setDirty(true);
          clearErrors(changed);
        }}
        requiredMark={false}
        // No browser validation bubble (in the browser's language): the server's 422 messages, in
        // French, go under the fields, email format included.
        noValidate
      >
        {children}
        <Flex gap={8} wrap style={{ marginTop: 8 }}>
          <Button type="primary" htmlType="submit" loading={pending} data-testid="form-submit">
            {submitLabel}
          </Button>
          {onDelete ? (
            <DisabledReason reason={deleteDisabledReason}>
              {(disabledProps) => (
                <Button danger icon={<DeleteOutlined aria-hidden />} onClick={onDelete} data-testid="form-delete" {...disabledProps}>
                  Effacer
                </Button>
              )}
            </DisabledReason>
          ) : null}
          {backTo ? (
            <Link to={backTo} data-testid="form-back" style={{ alignSelf: 'center', padding: '0 8px' }}>
              <ArrowLeftOutlined aria-hidden /> Retour
            </Link>
          ) : null}
        </Flex>
      </Form>
    </Card>
  );
}
