/**
 * The per-account check (SPEC section 7 `syncInpiAccount/{id}`): logs in to the RNE
 * service with the account, then toasts the answer's French message (green when the login succeeded,
 * red for refused credentials or an unreachable service) and reloads both tables (token, passage,
 * last_change).
 */
import { SyncOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Tooltip } from 'antd';
import { useNotify } from '../../../components/feedback/useNotify';
import { syncAccount, type RneAccountRecord } from './api';
import { rneAccountsResource } from './resource';
import { SYNC_BUTTON } from './texts';

/**
 * The icon button of one row (`data-testid="sync-account"`, named « Synchroniser {email} », tooltip
 * « Synchroniser »), spinning while the check runs; a second click meanwhile is ignored.
 */
export function SyncButton({ account }: { account: Pick<RneAccountRecord, 'id' | 'email'> }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const sync = useMutation({
    mutationFn: () => syncAccount(account.id),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: [rneAccountsResource.key] });
      if (answer.result === 'ok') notify.success(answer.message);
      else notify.error(answer.message);
    },
    onError: (error) => notify.apiError(error),
  });
  return (
    <Tooltip title={SYNC_BUTTON}>
      <Button
        size="small"
        icon={<SyncOutlined aria-hidden spin={sync.isPending} />}
        onClick={() => {
          if (!sync.isPending) sync.mutate();
        }}
        aria-label={`${SYNC_BUTTON} ${account.email}`}
        aria-busy={sync.isPending}
        data-testid="sync-account"
      />
    </Tooltip>
  );
}
