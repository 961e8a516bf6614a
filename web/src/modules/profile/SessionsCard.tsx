/**
 * « Mes sessions » section of /profile: the signed-in sessions (device, IP, sign-in and last-activity times,
 * the current one marked « Session actuelle »), « Révoquer » on each other one and « Déconnecter les autres
 * sessions », both confirmed first.
 */
import { DesktopOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Table, Tag } from 'antd';
import { useConfirmAction } from '../../components/feedback/useConfirmAction';
import { formatDateTime } from '../../lib/dates';
import { fetchSessions, revokeOtherSessions, revokeSession, SESSIONS_KEY, type SessionItem } from './api';

/** The section; the list comes from `GET /api/profile/sessions`. */
export function SessionsCard() {
  const sessions = useQuery({ queryKey: SESSIONS_KEY, queryFn: fetchSessions });
  const confirmAction = useConfirmAction();
  const others = (sessions.data ?? []).filter((s) => !s.current).length;

  return (
    <Card
      title={
        <Flex gap={8} align="center">
          <DesktopOutlined aria-hidden />
          <span>Mes sessions</span>
        </Flex>
      }
      extra={
        <Button
          disabled={others === 0}
          onClick={() =>
            confirmAction({
              content: 'Voulez-vous vraiment déconnecter toutes vos autres sessions\u202f?',
              okText: 'Déconnecter',
              danger: true,
              action: revokeOtherSessions,
              invalidate: [SESSIONS_KEY],
            })
          }
          data-testid="sessions-revoke-others"
        >
          Déconnecter les autres sessions
        </Button>
      }
      data-testid="sessions-card"
    >
      {sessions.isError ? <Alert type="error" showIcon title="Les sessions n’ont pas pu être chargées." /> : null}
      <Table<SessionItem>
        rowKey="id"
        size="small"
        loading={sessions.isPending}
        dataSource={sessions.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(s) => ({ 'data-testid': s.current ? 'session-current' : 'session-other' }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: 'Appareil', dataIndex: 'device' },
          { title: 'Adresse IP', dataIndex: 'ip', render: (ip: string | null) => ip ?? '-' },
          { title: 'Connexion', dataIndex: 'created_at', render: (v: string) => formatDateTime(v) },
          { title: 'Dernière activité', dataIndex: 'last_seen_at', render: (v: string) => formatDateTime(v) },
          {
            title: 'Action',
            key: 'action',
            // The current session cannot be revoked here: its cell says which one it is.
            render: (_: unknown, s) =>
              s.current ? (
                <Tag color="blue">Session actuelle</Tag>
              ) : (
                <Button
                  size="small"
                  danger
                  onClick={() =>
                    confirmAction({
                      content: `Voulez-vous vraiment révoquer la session « ${s.device} »\u202f?`,
                      okText: 'Révoquer',
                      danger: true,
                      action: () => revokeSession(s.id),
                      invalidate: [SESSIONS_KEY],
                    })
                  }
                >
                  Révoquer
                </Button>
              ),
          },
        ]}
      />
    </Card>
  );
}
