/**
 * The « Siège fermé » tag: shown wherever the register's company or head office of a SIREN is shown and that
 * head office is closed (contract/feeds.ts `head_office.closed`, contract/groups.ts `head_office_closed`).
 */
import { Tag } from 'antd';
import { HEAD_OFFICE_CLOSED, HEAD_OFFICE_CLOSED_TITLE } from './texts';

/** A red « Siège fermé » tag (`data-testid="head-office-closed"`), with its explanation as tooltip. */
export function HeadOfficeClosedTag() {
  return (
    <Tag color="red" title={HEAD_OFFICE_CLOSED_TITLE} data-testid="head-office-closed" style={{ marginInlineStart: 8 }}>
      {HEAD_OFFICE_CLOSED}
    </Tag>
  );
}
