/**
 * Search box of lists: Enter or 'Chercher' applies the trimmed text (SPEC section 5),
 * 'Réinitialiser' restores the defaults (SPEC section 4).
 */
import { Button, Flex, Input } from 'antd';
import { useState } from 'react';

/** Props of `ListSearch`. */
export interface ListSearchProps {
  /** The applied search text. */
  value: string;
  /** Applies a (trimmed) search. */
  onSearch: (text: string) => void;
  /** Restores the list defaults. */
  onReset: () => void;
  placeholder?: string;
  /** Shows 'Réinitialiser'; by default only while a search is applied (`value` not empty). */
  canReset?: boolean;
}

/**
 * Search box of a list: submit with Enter or 'Chercher'; 'Réinitialiser' shows only while a
 * search is applied, unless `canReset` says otherwise (`data-testid="list-search"`).
 */
export function ListSearch({ value, onSearch, onReset, placeholder, canReset = value !== '' }: ListSearchProps) {
  const [draft, setDraft] = useState(value);
  const [applied, setApplied] = useState(value);
  if (applied !== value) {
    setApplied(value);
    setDraft(value);
  }
  return (
    <Flex gap={8} align="center" wrap style={{ minWidth: 0, maxWidth: '100%' }}>
      <Input.Search
        data-testid="list-search"
        aria-label="Rechercher"
        allowClear
        placeholder={placeholder ?? 'Rechercher'}
        enterButton="Chercher"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onSearch={(text) => onSearch(text.trim())}
        style={{ width: 360, maxWidth: '100%' }}
      />
      {canReset ? (
        <Button onClick={onReset} data-testid="list-reset">
          Réinitialiser
        </Button>
      ) : null}
    </Flex>
  );
}
