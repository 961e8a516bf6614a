/**
 * `GridField`: a form item in a column of an antd grid (`<Col><Form.Item>…</Form.Item></Col>`), the whole width
 * on a phone by default, narrower from the given breakpoints up. Put it in a `<Row>`.
 */
import { Col, Form, type FormItemProps } from 'antd';

/** Props of `GridField`: those of the form item, and the column's width (of 24) per breakpoint. */
export interface GridFieldProps extends FormItemProps {
  /** Width below `sm` (24, the whole row, by default). */
  xs?: number;
  /** Width from `sm` up. */
  sm?: number;
  /** Width from `md` up. */
  md?: number;
  /** Width from `lg` up. */
  lg?: number;
}

/** A form item in its grid column (see the module docstring); the item's props go to `Form.Item`. */
export function GridField({ xs = 24, sm, md, lg, children, ...item }: GridFieldProps) {
  return (
    <Col xs={xs} sm={sm} md={md} lg={lg}>
      <Form.Item {...item}>{children}</Form.Item>
    </Col>
  );
}
