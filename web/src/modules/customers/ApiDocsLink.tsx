/** Documentation link of the API customers list (SPEC section 2 'API customers'), URL from GET /api/config. */
import { ReadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useAppConfig } from '../../app/useAppConfig';

/** 'Documentation de l'api' link (href from GET /api/config), opening in a new tab. */
export function ApiDocsLink() {
  const { data } = useAppConfig();
  if (!data?.api_docs_url) return null;
  return (
    <Button
      href={data.api_docs_url}
      target="_blank"
      rel="noopener noreferrer"
      icon={<ReadOutlined aria-hidden />}
      data-testid="api-docs-link"
    >
      Documentation de l’api
    </Button>
  );
}
