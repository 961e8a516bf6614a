/**
 * API customer form fields: Nom, Client_id / Client_secret for Prod and Sandbox (edit
 * only), Actif (SPEC section 2 'API customers').
 */
import { Col, Divider, Form, Input, Row } from 'antd';
import { StatusField } from '../../components/form/StatusField';

const credentialInput = <Input autoComplete="off" spellCheck={false} style={{ fontFamily: 'ui-monospace, monospace' }} />;

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
      {editing ? (
        <>
          <Divider titlePlacement="start" plain>
            Production
          </Divider>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item label="Client_id (Prod)" name="client_id">
                {credentialInput}
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="Client_secret (Prod)" name="client_secret">
                {credentialInput}
              </Form.Item>
            </Col>
          </Row>
          <Divider titlePlacement="start" plain>
            Sandbox
          </Divider>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item label="Client_id (Sandbox)" name="client_id_sandbox">
                {credentialInput}
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="Client_secret (Sandbox)" name="client_secret_sandbox">
                {credentialInput}
              </Form.Item>
            </Col>
          </Row>
        </>
      ) : null}
      <StatusField />
    </>
  );
}
