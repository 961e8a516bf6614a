/**
 * /profile screen: avatar card and the first name, name and email form (SPEC section 2 'Profile'), then the
 * « Double authentification » and « Mes sessions » sections.
 */
import { Col, Form, Input, Row } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Profile, ProfileInput } from '../../api/types';
import { EntityForm } from '../../components/form/EntityForm';
import { useServerForm } from '../../components/form/useServerForm';
import { PageHeader } from '../../components/layout/PageHeader';
import { AUTH_USER_KEY } from '../auth/api';
import { useCurrentUser } from '../auth/CurrentUserContext';
import { fetchMfaStatus, MFA_STATUS_KEY, updateProfile } from './api';
import { AvatarCard } from './AvatarCard';
import { MfaCard } from './MfaCard';
import { SessionsCard } from './SessionsCard';

/** Own profile (/profile): avatar card and the Prénom / Nom / Email form. */
export default function ProfilePage() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ProfileInput>();
  const mfa = useQuery({ queryKey: MFA_STATUS_KEY, queryFn: fetchMfaStatus });
  // Under MFA_REQUIRED, nothing but the enrolment answers until it is done.
  const gated = mfa.data ? mfa.data.required && !mfa.data.enabled : false;
  const { firstname, name, email } = user;
  const values = useMemo(() => ({ firstname, name, email }), [firstname, name, email]);
  const { onFinish, pending } = useServerForm<ProfileInput, Profile>({
    form,
    submit: updateProfile,
    onSuccess: async (profile) => {
      if (profile && typeof profile === 'object') queryClient.setQueryData(AUTH_USER_KEY, profile);
      await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
    },
  });
  return (
    <>
      <PageHeader title="Mon profil" breadcrumb={[{ title: 'Mon profil' }]} />
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={8}>
          <AvatarCard user={user} />
        </Col>
        <Col xs={24} lg={16}>
          <EntityForm<ProfileInput> form={form} name="profile" values={values} onFinish={onFinish} pending={pending}>
            <Form.Item label="Prénom" name="firstname">
              <Input autoComplete="given-name" />
            </Form.Item>
            <Form.Item label="Nom" name="name">
              <Input autoComplete="family-name" />
            </Form.Item>
            <Form.Item label="Email" name="email">
              <Input type="email" autoComplete="email" />
            </Form.Item>
          </EntityForm>
        </Col>
        <Col xs={24} lg={{ span: 16, offset: 8 }}>
          <MfaCard />
        </Col>
        {gated ? null : (
          <Col xs={24} lg={{ span: 16, offset: 8 }}>
            <SessionsCard />
          </Col>
        )}
      </Row>
    </>
  );
}
