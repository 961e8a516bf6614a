/**
 * The input of a form field that asks for one SIREN (the article's Siren, a deal entity's Siren): a valid SIRET
 * typed or pasted is replaced by its SIREN at once, and the reduction is said under the input
 * (`SIRET 55203253400703 → SIREN 552032534`) while the field still holds that SIREN. The rule is the contract's
 * (contract/siren.ts `readSirenOrSiret`, a pure file the web may import); the server applies the same one
 * (contract/fields.ts `sirenOrSiret`), so a value sent as typed is stored as its SIREN too. Anything else stays as
 * typed: validation is the server's (SPEC section 5), its message shows under the field.
 */
import { Input, Typography, type InputProps } from 'antd';
import { useId, useState, type ChangeEvent } from 'react';
import { readSirenOrSiret, siretNote } from '../../../../contract/siren';

/** Props of `SirenInput`: those of an antd Input, the value being the field's text (Form.Item gives both). */
export interface SirenInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  value?: string | null;
  onChange?: (value: string) => void;
}

/** A SIRET and the SIREN it was replaced by. */
interface Reduction {
  siren: string;
  note: string;
}

/**
 * The input and, under it, the note of the last SIRET replaced (`data-testid="siren-note"`, announced politely and
 * part of the input's accessible description), shown while the value is still that SIREN.
 */
export function SirenInput({ value, onChange, ...inputProps }: SirenInputProps) {
  const [reduction, setReduction] = useState<Reduction | null>(null);
  const noteId = useId();
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const read = readSirenOrSiret(event.target.value);
    if (read.ok && read.siret) {
      setReduction({ siren: read.siren, note: siretNote(read.siret, read.siren) });
      onChange?.(read.siren);
    } else {
      onChange?.(event.target.value);
    }
  };
  const note = reduction && value === reduction.siren ? reduction.note : null;
  // The note joins the field's description (its error and hint ids, given by Form.Item) while it shows.
  const describedBy = [inputProps['aria-describedby'], note ? noteId : null].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <Input {...inputProps} aria-describedby={describedBy} value={value ?? ''} onChange={change} />
      <div role="status" aria-live="polite" id={noteId} data-testid="siren-note">
        {note ? (
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
            {note}
          </Typography.Text>
        ) : null}
      </div>
    </>
  );
}
