/**
 * Quick-search chips of a list, e.g. Tous / VIP / Favoris (the recognised quick-search
 * values of SPEC section 4).
 */
import { Flex, Tag } from 'antd';

/** One quick-search value offered as a chip (e.g. `{value: 'onlyvip', label: 'VIP'}`). */
export interface QuickSearchOption {
  /** Search text sent when the chip is chosen. */
  value: string;
  label: string;
  /** Also highlighted while no search is applied (the "everything" chip). */
  isDefault?: boolean;
}

/** Props of `QuickSearchTags`. */
export interface QuickSearchTagsProps {
  options: QuickSearchOption[];
  /** The applied search text. */
  value: string;
  /** Applies a chip's value. */
  onSelect: (value: string) => void;
}

/** The option matching the applied search, if any (the default one while the search is empty). */
function activeQuickSearch(options: QuickSearchOption[], search: string): QuickSearchOption | undefined {
  return options.find((option) => option.value === search) ?? (search === '' ? options.find((o) => o.isDefault) : undefined);
}

/**
 * Quick-search chips of a list (antd CheckableTag, `role="checkbox"`, `data-testid="quick-search-{value}"`):
 * the one matching the applied search is highlighted; choosing one applies its value. They wrap on a narrow screen, and
 * a label wider than the list is cut with « … » (whole in the `title` of its text).
 */
export function QuickSearchTags({ options, value, onSelect }: QuickSearchTagsProps) {
  const active = activeQuickSearch(options, value);
  return (
    <Flex role="group" aria-label="Filtres rapides" gap={4} align="center" wrap data-testid="quick-search">
      {options.map((option) => (
        <Tag.CheckableTag
          key={option.value}
          checked={option === active}
          onChange={() => onSelect(option.value)}
          data-testid={`quick-search-${option.value}`}
          // A long label (an import's file name) is cut with « … » within the list's width, whole in its tooltip.
          style={{ paddingInline: 12, paddingBlock: 4, fontSize: 14, maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          <span title={option.label}>{option.label}</span>
        </Tag.CheckableTag>
      ))}
    </Flex>
  );
}
