/** /customers/create screen: Nom and Actif, then back to /customers (SPEC section 2 'API customers'). */
import { ResourceCreatePage } from '../../components/resource/ResourceCreatePage';
import { CustomerFields } from './CustomerFields';
import { NEW_CUSTOMER_VALUES, valuesToCustomerCreate } from './customerForm';
import { customersResource } from './resource';

/** Add an API customer (/customers/create): Nom and Actif; back to /customers on success. */
export default function CustomerCreatePage() {
  return (
    <ResourceCreatePage
      resource={customersResource}
      title="Ajouter un client"
      breadcrumb={[{ title: "Clients de l'api", to: '/customers' }, { title: 'Ajouter' }]}
      initialValues={NEW_CUSTOMER_VALUES}
      toInput={valuesToCustomerCreate}
      formName="customer"
    >
      <CustomerFields />
    </ResourceCreatePage>
  );
}
