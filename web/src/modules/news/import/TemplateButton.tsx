/** 'Télécharger le modèle' button of /news/import (issue 8 section 3): the template CSV, saved as a file. */
import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useNotify } from '../../../components/feedback/useNotify';
import { downloadTemplate } from './api';

/** Downloads GET /api/news/template through the API client and saves it as `modele-import-news.csv`; spins meanwhile. */
export function TemplateButton() {
  const notify = useNotify();
  const [loading, setLoading] = useState(false);
  const onClick = async () => {
    if (loading) return;
    setLoading(true);
    try {
      await downloadTemplate();
    } catch (error) {
      notify.apiError(error);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined aria-hidden />} loading={loading} onClick={() => void onClick()} data-testid="news-template">
      Télécharger le modèle
    </Button>
  );
}
