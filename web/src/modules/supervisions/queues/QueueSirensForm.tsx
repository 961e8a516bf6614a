/** Textarea adding SIRENs to a queue by hand, one per line (as on a group's page), on the shared SirenLinesForm. */
import { SirenLinesForm } from '../../../components/siren/SirenLinesForm';
import type { QueueName } from './api';
import { useQueueSirens } from './useQueueSirens';

/**
 * « Sirens à traiter (un par ligne) » and « Mettre en file » (`data-testid="queue-sirens-input"`,
 * `queue-sirens-submit`); the invalid lines are listed under the textarea, and after a success the lines whose
 * SIRET was taken for its SIREN.
 */
export function QueueSirensForm({ queue }: { queue: QueueName }) {
  const lines = useQueueSirens(queue);
  return (
    <SirenLinesForm
      {...lines}
      name={`queue-sirens-${queue}`}
      label="Sirens à traiter (un par ligne)"
      extra={'Les lignes vides sont ignorées\u202f; un siren déjà en attente n’est pas ajouté deux fois.'}
      submitLabel="Mettre en file"
      testIds={{ input: 'queue-sirens-input', submit: 'queue-sirens-submit' }}
      rows={{ min: 3, max: 12 }}
    />
  );
}
