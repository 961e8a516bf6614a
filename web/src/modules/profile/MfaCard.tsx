/**
 * « Double authentification » section of /profile: enrolment of a TOTP second factor (QR code and secret
 * text from `POST /api/profile/mfa/setup`, then a first code), the ten recovery codes shown once, and
 * disabling with a current code (not offered under MFA_REQUIRED).
 */
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, List, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { clearErrorsOnChange } from '../../components/form/clearErrorsOnChange';
import { useServerForm } from '../../components/form/useServerForm';
import { formatDateTime } from '../../lib/dates';
import { disableMfa, enableMfa, fetchMfaStatus, MFA_STATUS_KEY, setupMfa, type MfaSetup } from './api';

interface CodeValues {
  code: string;
}

/** Anchor of the section (the MFA_REQUIRED gate sends the browser here). */
export const MFA_SECTION_ID = 'double-authentification';

/** The code field of the enrolment and of the disabling. */
function CodeField() {
  return (
    <Form.Item label="Code de vérification" name="code" style={{ maxWidth: 260 }}>
      <Input autoComplete="one-time-code" inputMode="numeric" maxLength={20} />
    </Form.Item>
  );
}

/** The section; its state comes from `GET /api/profile/mfa`. */
export function MfaCard() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: MFA_STATUS_KEY, queryFn: fetchMfaStatus });
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const [enableForm] = Form.useForm<CodeValues>();
  const [disableForm] = Form.useForm<CodeValues>();

  const enable = useServerForm<CodeValues, string[]>({
    form: enableForm,
    submit: (v) => enableMfa(v.code ?? ''),
    successToast: 'Double authentification activée.',
    statusFields: { 429: 'code' },
    onSuccess: async (codes) => {
      setRecoveryCodes(codes);
      setSetup(null);
      // Under MFA_REQUIRED the other calls were refused until now.
      await queryClient.invalidateQueries();
    },
  });
  const disable = useServerForm<CodeValues, unknown>({
    form: disableForm,
    submit: (v) => disableMfa(v.code ?? ''),
    successToast: 'Double authentification désactivée.',
    statusFields: { 429: 'code' },
    onSuccess: async () => {
      disableForm.resetFields();
      await queryClient.invalidateQueries({ queryKey: MFA_STATUS_KEY });
    },
  });

  const start = async () => {
    setStarting(true);
    setStartError(null);
    try {
      setSetup(await setupMfa());
    } catch (error) {
      setStartError(error instanceof Error ? error.message : String(error));
    } finally {
      setStarting(false);
    }
  };

  const state = status.data;
  return (
    <Card
      id={MFA_SECTION_ID}
      title={
        <Flex gap={8} align="center">
          <SafetyCertificateOutlined aria-hidden />
          <span>Double authentification</span>
          {state ? state.enabled ? <Tag color="green">Activée</Tag> : <Tag>Désactivée</Tag> : null}
        </Flex>
      }
      data-testid="mfa-card"
    >
      {status.isPending ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
      {status.isError ? <Alert type="error" showIcon title="La double authentification n’a pas pu être chargée." /> : null}
      {state?.required && !state.enabled ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={'La double authentification est obligatoire\u00a0: activez-la pour accéder au back-office.'}
          data-testid="mfa-required"
        />
      ) : null}

      {recoveryCodes ? (
        <Flex vertical gap={12} data-testid="mfa-recovery">
          <Alert
            type="info"
            showIcon
            title={'Conservez ces codes de récupération en lieu sûr\u00a0: ils ne seront plus affichés.'}
            description="Chacun permet une seule connexion si vous n’avez plus votre application d’authentification."
          />
          <List
            size="small"
            bordered
            dataSource={recoveryCodes}
            renderItem={(c) => (
              <List.Item>
                <Typography.Text code>{c}</Typography.Text>
              </List.Item>
            )}
            data-testid="mfa-recovery-codes"
            style={{ maxWidth: 260 }}
          />
          <Flex gap={8}>
            <CopyButton text={recoveryCodes.join('\n')} label="Copier les codes de récupération" />
            <Button onClick={() => setRecoveryCodes(null)}>J’ai conservé mes codes</Button>
          </Flex>
        </Flex>
      ) : null}

      {state && !state.enabled && !recoveryCodes ? (
        setup ? (
          <Flex vertical gap={12}>
            <Typography.Paragraph style={{ margin: 0 }}>
              Scannez ce QR code avec votre application d’authentification (FreeOTP, Google Authenticator, Microsoft
              Authenticator…), ou saisissez la clé ci-dessous, puis confirmez avec le premier code affiché.
            </Typography.Paragraph>
            <img src={setup.qr_code} width={220} height={220} alt="QR code à scanner avec l’application d’authentification" data-testid="mfa-qr" />
            <Flex gap={4} align="center" wrap>
              <Typography.Text>{'Clé\u00a0:'}</Typography.Text>
              <Typography.Text code data-testid="mfa-secret">
                {setup.secret}
              </Typography.Text>
              <CopyButton text={setup.secret} label="Copier la clé" />
            </Flex>
            <Form<CodeValues> form={enableForm} name="mfa-enable" layout="vertical" onFinish={enable.onFinish} onValuesChange={clearErrorsOnChange(enableForm)} requiredMark={false}>
              <CodeField />
              <Button type="primary" htmlType="submit" loading={enable.pending} data-testid="mfa-enable">
                Activer
              </Button>
            </Form>
          </Flex>
        ) : (
          <Flex vertical gap={12} align="start">
            <Typography.Paragraph style={{ margin: 0 }}>
              {'Protégez votre compte\u00a0: en plus du mot de passe, la connexion demandera un code de votre application d’authentification.'}
            </Typography.Paragraph>
            {startError ? <Alert type="error" showIcon title={startError} /> : null}
            <Button type="primary" onClick={() => void start()} loading={starting} data-testid="mfa-start">
              Configurer la double authentification
            </Button>
          </Flex>
        )
      ) : null}

      {state?.enabled && !recoveryCodes ? (
        <Flex vertical gap={12}>
          <Typography.Paragraph style={{ margin: 0 }}>
            Activée le {state.enabled_at ? formatDateTime(state.enabled_at) : '-'}. {'Codes de récupération restants\u00a0: '}
            <Typography.Text strong data-testid="mfa-recovery-left">
              {state.recovery_codes_left}
            </Typography.Text>
          </Typography.Paragraph>
          {state.required ? null : (
            <Form<CodeValues> form={disableForm} name="mfa-disable" layout="vertical" onFinish={disable.onFinish} onValuesChange={clearErrorsOnChange(disableForm)} requiredMark={false}>
              <CodeField />
              <Button danger htmlType="submit" loading={disable.pending} data-testid="mfa-disable">
                Désactiver
              </Button>
            </Form>
          )}
        </Flex>
      ) : null}
    </Card>
  );
}
