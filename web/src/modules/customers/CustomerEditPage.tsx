/**
 * /customers/{id}/edit screen: name, Prod and Sandbox credentials and status
 * (SPEC section 2 'API customers').
 */
import type { Customer } from '../../api/types';
import { ResourceEditPage } from '../../components/resource/ResourceEditPage';
import { CustomerFields } from './CustomerFields';
import { customerToValues, valuesToCustomerUpdate } from './customerForm';
import { customersResource } from './resource';

const title = (customer: Customer | undefined) =>
  customer ? `${customer.name} Données de connexion` : 'Données de connexion';

/** Edit an API customer's name, Prod/Sandbox credentials and status (/customers/:id/edit). */
export default function CustomerEditPage() {
  return (
    <ResourceEditPage
      resource={customersResource}
      title={title}
      breadcrumb={[{ title: "Clients de l'api", to: '/customers' }, { title: 'Modifier' }]}
      toValues={customerToValues}
      toInput={valuesToCustomerUpdate}
      formName="customer"
    >
      <CustomerFields editing />
    </ResourceEditPage>
  );
}
