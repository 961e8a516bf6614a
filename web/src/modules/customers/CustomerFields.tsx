/**
 * API customer form fields: Nom, Client_id / Client_secret for Prod and Sandbox (edit
 * only), Actif (SPEC section 2 'API customers').
 */
import { Col, Divider, Form, Input, Row } from 'antd';
import { StatusField } from '../../components/form/StatusField';

const credentialInput = <Input autoComplete="off" spellCheck={false} style={{ fontFamily: 'ui-monospace, monospace' }} />;

/** The two credential sets of a customer, as the spec labels them. */
const ENVIRONMENTS = [
  { title: 'Production', suffix: 'Prod', idField: 'client_id', secretField: 'client_secret' },
  { title: 'Sandbox', suffix: 'Sandbox', idField: 'client_id_sandbox', secretField: 'client_secret_sandbox' },
] as const;

/** Props of `CustomerFields`. */
export interface CustomerFieldsProps {
  /** Edit mode adds the Prod and Sandbox credentials. */
  editing?: boolean;
}

/** Customer form fields: 'Nom', (edit) 'Client_id/Client_secret' for Prod and Sandbox, 'Actif'. */
export function CustomerFields({ editing = false }: CustomerFieldsProps) {
  return (
    <>
      <Form.Item label="Nom" name="name">
        <Input autoComplete="off" />
      </Form.Item>
      {editing
        ? ENVIRONMENTS.map((env) => (
            <div key={env.suffix}>
              <Divider titlePlacement="start" plain>
                {env.title}
              </Divider>
              <Row gutter={16}>
                {[env.idField, env.secretField].map((field, i) => (
                  <Col xs={24} md={12} key={field}>
                    <Form.Item label={`${i === 0 ? 'Client_id' : 'Client_secret'} (${env.suffix})`} name={field}>
                      {credentialInput}
                    </Form.Item>
                  </Col>
                ))}
              </Row>
            </div>
          ))
        : null}
      <StatusField />
    </>
  );
}
