/** Textarea form adding SIRENs to a group, one per line (SPEC section 2 'Groups', section 4), on the shared SirenLinesForm. */
import { SirenLinesForm } from '../../components/siren/SirenLinesForm';
import { useAddSirens } from './useAddSirens';

/** Props of `AddSirensForm`. */
export interface AddSirensFormProps {
  groupId: number;
}

/**
 * 'Ajouter des sirens (un par ligne)' textarea and 'Ajouter les sirens' button
 * (`data-testid="sirens-input"`, `add-sirens`); invalid lines are listed under the textarea, and after a success
 * the lines whose SIRET was taken for its SIREN.
 */
export function AddSirensForm({ groupId }: AddSirensFormProps) {
  const lines = useAddSirens(groupId);
  return (
    <SirenLinesForm
      {...lines}
      name="group-sirens"
      label="Ajouter des sirens (un par ligne)"
      extra="Les lignes vides sont ignorées."
      submitLabel="Ajouter les sirens"
      testIds={{ input: 'sirens-input', submit: 'add-sirens' }}
    />
  );
}
