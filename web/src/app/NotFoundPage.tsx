/** 404 page of the signed-in shell for unknown paths (the router's `*` route), with a link back to /home. */
import { Result } from 'antd';
import { ButtonLink } from '../components/ButtonLink';
import { PageHeader } from '../components/layout/PageHeader';

/** 404 page for unknown routes (inside the shell). */
export default function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page introuvable" breadcrumb={[{ title: 'Page introuvable' }]} />
      <Result
        status="404"
        title="404"
        subTitle="Désolé, la page que vous avez demandée n’existe pas."
        extra={
          <ButtonLink type="primary" to="/home">
            Retour au tableau de bord
          </ButtonLink>
        }
      />
    </>
  );
}
