/**
 * 'Télécharger le modèle' button of the CSV import screens (news; deals):
 * runs `download` (which fetches the template through the API client and saves it as a file), spinning
 * meanwhile; a failure shows the API error's toast. A second click while it runs is ignored.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useNotify } from '../feedback/useNotify';

/** The button; `testId` names it for the end-to-end tests. */
export function TemplateButton({ download, testId }: { download: () => Promise<void>; testId: string }) {
  const notify = useNotify();
  const [loading, setLoading] = useState(false);
  const onClick = async () => {
    if (loading) return;
    setLoading(true);
    try {
      await download();
    } catch (error) {
      notify.apiError(error);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined aria-hidden />} loading={loading} onClick={() => void onClick()} data-testid={testId}>
      Télécharger le modèle
    </Button>
  );
}
