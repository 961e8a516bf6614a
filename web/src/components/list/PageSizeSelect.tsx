/**
 * Page-size selector of lists: 10, 25, 50, 100 or 200 per page
 * (SPEC section 2 'Common list behaviour', section 9).
 */
import { Flex, Select, Typography } from 'antd';
import { PAGE_SIZES } from './listState';

/** Props of `PageSizeSelect`. */
export interface PageSizeSelectProps {
  value: number;
  onChange: (perPage: number) => void;
}

const options = PAGE_SIZES.map((size) => ({ value: size, label: String(size) }));

/**
 * 'Afficher [10|25|50|100|200] par page' selector (`data-testid="page-size"`), kept on one line: in a
 * narrow toolbar it wraps as a whole instead of breaking 'Afficher'.
 */
export function PageSizeSelect({ value, onChange }: PageSizeSelectProps) {
  return (
    <Flex align="center" gap={8} style={{ flex: 'none', whiteSpace: 'nowrap' }}>
      <Typography.Text type="secondary">Afficher</Typography.Text>
      <Select
        data-testid="page-size"
        aria-label="Nombre de résultats par page"
        value={value}
        options={options}
        onChange={onChange}
        style={{ width: 80 }}
        popupMatchSelectWidth={false}
      />
      <Typography.Text type="secondary">par page</Typography.Text>
    </Flex>
  );
}
