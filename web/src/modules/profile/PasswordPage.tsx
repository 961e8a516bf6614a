/** /profile/password screen: current password, new password and confirmation (SPEC section 2 'Profile'). */
import { Form, Input } from 'antd';
import type { MessageResponse, PasswordInput } from '../../api/types';
import { EntityForm } from '../../components/form/EntityForm';
import { useServerForm } from '../../components/form/useServerForm';
import { PageHeader } from '../../components/layout/PageHeader';
import { updatePassword } from './api';

/** Password change (/profile/password): current, new and confirmation; cleared after success. */
export default function PasswordPage() {
  const [form] = Form.useForm<PasswordInput>();
  const { onFinish, pending } = useServerForm<PasswordInput, MessageResponse>({
    form,
    submit: updatePassword,
    onSuccess: () => form.resetFields(),
  });
  return (
    <>
      <PageHeader
        title="Changer le mot de passe"
        breadcrumb={[{ title: 'Mon profil', to: '/profile' }, { title: 'Changer le mot de passe' }]}
      />
      <EntityForm<PasswordInput> form={form} name="password" onFinish={onFinish} pending={pending}>
        <Form.Item label="Mot de passe actuel" name="current">
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="Nouveau mot de passe" name="password">
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="Confirmation du mot de passe" name="password_confirmation">
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </EntityForm>
    </>
  );
}
