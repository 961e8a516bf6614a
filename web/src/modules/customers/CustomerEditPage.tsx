/**
 * /customers/{id}/edit screen: name, Prod and Sandbox credentials and status
 * (SPEC section 2 'API customers'), then the customer's use of the api over the last 30 days.
 */
import type { Customer } from '../../api/types';
import { ResourceEditPage } from '../../components/resource/ResourceEditPage';
import { CustomerFields } from './CustomerFields';
import { customerToValues, valuesToCustomerUpdate } from './customerForm';
import { CustomerUsageCard } from './CustomerUsageCard';
import { customersResource } from './resource';

const title = (customer: Customer | undefined) =>
  customer ? `${customer.name} Données de connexion` : 'Données de connexion';

/**
 * Edit an API customer's name, Prod/Sandbox credentials and status (/customers/:id/edit); below the form, the card
 * « Utilisation de l’api (30 derniers jours) ».
 */
export default function CustomerEditPage() {
  return (
    <ResourceEditPage
      resource={customersResource}
      title={title}
      breadcrumb={[{ title: "Clients de l'api", to: '/customers' }, { title: 'Modifier' }]}
      toValues={customerToValues}
      toInput={valuesToCustomerUpdate}
      formName="customer"
      below={(customer) => <CustomerUsageCard customerId={customer.id} />}
    >
      <CustomerFields editing />
    </ResourceEditPage>
  );
}
