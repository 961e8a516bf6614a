/**
 * The rows of a refused deals CSV: the file's message, then a table Ligne / Erreurs.
 */
import { Alert, Table } from 'antd';
import type { ImportRefusal } from './api';

/** The refusal: an error alert with the server's message and, when rows are at fault, their table. */
export function ImportErrors({ refusal }: { refusal: ImportRefusal }) {
  return (
    <div data-testid="import-errors">
      <Alert type="error" showIcon title={refusal.message} style={{ marginBottom: 16 }} />
      {refusal.lines.length ? (
        <Table
          rowKey={(row) => row.line}
          dataSource={refusal.lines}
          pagination={false}
          size="small"
          scroll={{ x: true }}
          columns={[
            { key: 'line', title: 'Ligne', dataIndex: 'line', width: 90 },
            {
              key: 'messages',
              title: 'Erreurs',
              render: (_: unknown, row) => (
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {row.messages.map((message, index) => (
                    <li key={index}>{message}</li>
                  ))}
                </ul>
              ),
            },
          ]}
          data-testid="import-error-lines"
        />
      ) : null}
    </div>
  );
}
