/**
 * Shown to the super admin on an administrator's edit page: « Terminer toutes les sessions » ends every
 * session of that administrator (`POST /api/admins/{id}/sessions/revoke`), after a confirmation, and says
 * how many ended.
 */
import { LogoutOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { api, ok } from '../../api/client';
import { useConfirm } from '../../components/feedback/useConfirmAction';
import { useNotify } from '../../components/feedback/useNotify';

/** « N session(s) terminée(s). » */
export const endedText = (count: number) => (count === 0 ? 'Aucune session en cours.' : `${count} session${count > 1 ? 's' : ''} terminée${count > 1 ? 's' : ''}.`);

/** The card of administrator `admin` (its id and name). */
export function EndSessionsCard({ admin }: { admin: { id: number; name: string } }) {
  const confirm = useConfirm();
  const notify = useNotify();
  return (
    <Card title="Sessions" style={{ maxWidth: 720, marginTop: 24 }} data-testid="admin-sessions">
      <Typography.Paragraph>{'Déconnecte l’administrateur de tous ses appareils\u00a0: il devra se reconnecter.'}</Typography.Paragraph>
      <Button
        danger
        icon={<LogoutOutlined aria-hidden />}
        onClick={() =>
          confirm({
            content: `Voulez-vous vraiment terminer toutes les sessions de ${admin.name}\u202f?`,
            okText: 'Terminer les sessions',
            danger: true,
            onOk: async () => {
              try {
                const { count } = await ok(api.POST('/api/admins/{id}/sessions/revoke', { params: { path: { id: String(admin.id) } } }));
                notify.success(endedText(count));
              } catch (error) {
                notify.apiError(error);
              }
            },
          })
        }
        data-testid="admin-sessions-revoke"
      >
        Terminer toutes les sessions
      </Button>
    </Card>
  );
}
