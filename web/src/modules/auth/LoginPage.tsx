/**
 * /login sign-in screen: email and password, then, for an administrator with a second factor, the
 * « Code de vérification » step (6 digits or a recovery code), then back to ?redirect= or /home (sign-in
 * is not described in the spec).
 */
import { LockOutlined, MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Profile } from '../../api/types';
import { clearErrorsOnChange } from '../../components/form/clearErrorsOnChange';
import { useServerForm } from '../../components/form/useServerForm';
import { MAIN_CONTENT_ID } from '../../app/layout/SkipLink';
import { safeRedirect } from '../../lib/redirect';
import { AUTH_USER_KEY, isChallenge, login, loginCode, type Credentials, type LoginChallenge } from './api';
import { BrandMark } from './BrandMark';
import { clearSessionExpired, isSessionExpired, SESSION_EXPIRED_TEXT } from './sessionNotice';

/** The format error of the Email field, worded as the server's field messages (contract/fields.ts). */
const EMAIL_INVALID = 'Le champ Email doit être une adresse email valide.';

/**
 * Sign-in page (/login): Email + Mot de passe, then back to ?redirect= (or /home). After a session
 * ended by a 401, it says 'Votre session a expiré, reconnectez-vous.'. An email
 * that is not one is refused under the field, in French, before any call (no browser bubble).
 */
export default function LoginPage() {
  const [form] = Form.useForm<Credentials>();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [expired] = useState(isSessionExpired);

  // Arriving here means no session: drop whatever the previous one cached, and the notice once read.
  useEffect(() => {
    queryClient.removeQueries();
    clearSessionExpired();
  }, [queryClient]);

  const [codeForm] = Form.useForm<{ code: string }>();
  const [codeStep, setCodeStep] = useState(false);
  const signedIn = (profile: Profile) => {
    queryClient.setQueryData(AUTH_USER_KEY, profile);
    navigate(target, { replace: true });
  };

  const { onFinish, pending } = useServerForm<Credentials, Profile | LoginChallenge>({
    form,
    submit: login,
    successToast: false,
    statusFields: { 429: 'email' },
    onSuccess: (answer) => {
      if (isChallenge(answer)) setCodeStep(true);
      else signedIn(answer);
    },
  });
  const code = useServerForm<{ code: string }, Profile>({
    form: codeForm,
    submit: (values) => loginCode(values.code ?? ''),
    successToast: false,
    statusFields: { 429: 'code' },
    onSuccess: signedIn,
  });

  return (
    <main
      id={MAIN_CONTENT_ID}
      tabIndex={-1}
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 24,
        background: 'linear-gradient(135deg, #0f172a 0%, #1e3a8a 100%)',
      }}
    >
      <title>Connexion · Vigie</title>
      <section
        style={{
          width: 400,
          maxWidth: '100%',
          padding: '32px 32px 36px',
          background: '#fff',
          borderRadius: 12,
          boxShadow: '0 20px 50px rgba(0,0,0,.25)',
        }}
      >
        <div style={{ textAlign: 'center', marginBottom: 24 }}>
          <BrandMark size={44} />
          <h1 style={{ fontSize: 22, fontWeight: 600, margin: '12px 0 4px', color: '#0f172a' }}>Connexion</h1>
          <p style={{ margin: 0, color: '#64748b' }}>Back-office Vigie</p>
        </div>
        {expired ? (
          <Alert type="warning" showIcon title={SESSION_EXPIRED_TEXT} data-testid="session-expired" style={{ marginBottom: 20 }} />
        ) : null}
        {codeStep ? (
          // Keyed: antd's Form keeps the form instance it mounted with, so the two steps must not share one element.
          <Form<{ code: string }> key="code" form={codeForm} name="login-code" layout="vertical" onFinish={code.onFinish} onValuesChange={clearErrorsOnChange(codeForm)} requiredMark={false} size="large" noValidate>
            <p style={{ marginTop: 0, color: '#334155' }}>
              Saisissez le code à 6 chiffres de votre application d’authentification, ou un code de récupération.
            </p>
            <Form.Item label="Code de vérification" name="code">
              <Input autoComplete="one-time-code" autoFocus maxLength={20} prefix={<SafetyOutlined aria-hidden />} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={code.pending} data-testid="login-code-submit">
              Vérifier
            </Button>
            <Button type="link" block style={{ marginTop: 8 }} onClick={() => { codeForm.resetFields(); setCodeStep(false); }}>
              Retour
            </Button>
          </Form>
        ) : (
        <Form<Credentials> key="password" form={form} name="login" layout="vertical" onFinish={onFinish} onValuesChange={clearErrorsOnChange(form)} requiredMark={false} size="large" noValidate>
          <Form.Item label="Email" name="email" rules={[{ type: 'email', message: EMAIL_INVALID }]} validateTrigger={[]}>
            <Input type="email" autoComplete="username" autoFocus prefix={<MailOutlined aria-hidden />} />
          </Form.Item>
          <Form.Item label="Mot de passe" name="password">
            <Input.Password autoComplete="current-password" prefix={<LockOutlined aria-hidden />} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={pending} data-testid="login-submit">
            Se connecter
          </Button>
        </Form>
        )}
      </section>
    </main>
  );
}
