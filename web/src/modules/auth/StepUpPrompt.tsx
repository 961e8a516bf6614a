/**
 * The modal « Code de vérification » of the step-up (`stepUp.ts`): a 6-digit code of the authentication app,
 * checked by `POST /api/mfa/step-up` (422 under the field, 429 too); « Vérifier » lets the waiting call go
 * again, « Annuler » gives it up (it then fails with the server's message).
 */
import { Form, Input, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { api, ok } from '../../api/client';
import { clearErrorsOnChange } from '../../components/form/clearErrorsOnChange';
import { useServerForm } from '../../components/form/useServerForm';
import { registerStepUpPrompt } from './stepUp';

interface CodeValues {
  code: string;
}

/** Mounted once in the signed-in area. */
export function StepUpPrompt() {
  const [form] = Form.useForm<CodeValues>();
  const [openFor, setOpenFor] = useState<((accepted: boolean) => void) | null>(null);
  const settleRef = useRef<((accepted: boolean) => void) | null>(null);

  useEffect(() => {
    registerStepUpPrompt((settle) => {
      settleRef.current = settle;
      setOpenFor(() => settle);
    });
    return () => registerStepUpPrompt(null);
  }, []);

  const close = (accepted: boolean) => {
    settleRef.current?.(accepted);
    settleRef.current = null;
    setOpenFor(null);
    form.resetFields();
  };

  const { onFinish, pending } = useServerForm<CodeValues, void>({
    form,
    submit: (values) => ok(api.POST('/api/mfa/step-up', { body: { code: values.code ?? '' } })).then(() => undefined),
    successToast: false,
    statusFields: { 429: 'code' },
    onSuccess: () => close(true),
  });

  return (
    <Modal
      open={openFor !== null}
      title="Code de vérification"
      okText="Vérifier"
      cancelText="Annuler"
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={() => close(false)}
      destroyOnHidden
      data-testid="step-up-modal"
    >
      <Typography.Paragraph>
        {'Cette opération demande un code récent\u00a0: saisissez le code à 6 chiffres de votre application d’authentification.'}
      </Typography.Paragraph>
      <Form<CodeValues> form={form} name="step-up" layout="vertical" onFinish={onFinish} onValuesChange={clearErrorsOnChange(form)} requiredMark={false}>
        <Form.Item label="Code de vérification" name="code">
          <Input autoComplete="one-time-code" inputMode="numeric" autoFocus maxLength={20} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
