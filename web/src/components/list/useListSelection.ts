/**
 * `useListSelection`: the ticked rows of a `DataList` with bulk actions (contract/bulk.ts). Rows are ticked one by
 * one, across pages (`{ids}`), or the whole list of the current search is chosen at once (« Tout sélectionner
 * (N) »: `{all, search, except}`, rows unticked afterwards going to `except`). A new search clears the selection.
 */
import type { TableProps } from 'antd';
import { createElement, useCallback, useEffect, useMemo, useState, type Key } from 'react';
import { HiddenCopySafe } from './HiddenCopySafe';
import type { BulkRequest } from '../../../../contract/bulk';

/** The rows a bulk action runs on, as the bulk routes take them. */
export type BulkSelection = BulkRequest;

type State = { all: false; ids: ReadonlySet<Key> } | { all: true; except: ReadonlySet<Key> };

const NONE: State = { all: false, ids: new Set() };

/** What `DataList` needs of the selection. */
export interface ListSelection<T> {
  /** How many rows are chosen (the list's total minus the unticked ones when the whole list is). */
  count: number;
  /** The whole list of the current search is chosen. */
  all: boolean;
  /** Rows of the list for the current search (what « Tout sélectionner » chooses). */
  total: number;
  /** Every row of the page shown is ticked, and the list has more rows than that: « Tout sélectionner » is offered. */
  canSelectAll: boolean;
  /** The `rowSelection` of antd's Table. */
  rowSelection: NonNullable<TableProps<T>['rowSelection']>;
  selectAll: () => void;
  clear: () => void;
  /** The selection as a bulk body, `search` being the list's current search. */
  request: () => BulkSelection;
}

/**
 * Selection state of a list showing `rows` (the current page) out of `total` rows for the search `search`.
 * Row keys must be the numeric ids the bulk routes take.
 */
export function useListSelection<T>(rows: readonly T[], rowKey: (row: T) => Key, total: number, search: string): ListSelection<T> {
  const [state, setState] = useState<State>(NONE);
  useEffect(() => setState(NONE), [search]);

  const isTicked = useCallback((key: Key) => (state.all ? !state.except.has(key) : state.ids.has(key)), [state]);
  const toggle = useCallback((keys: Key[], ticked: boolean) => {
    setState((s) => {
      const next = new Set(s.all ? s.except : s.ids);
      // In « all » mode the set holds the unticked rows, so ticking removes from it.
      for (const key of keys) {
        if (ticked !== s.all) next.add(key);
        else next.delete(key);
      }
      return s.all ? { all: true, except: next } : { all: false, ids: next };
    });
  }, []);

  const pageKeys = useMemo(() => rows.map(rowKey), [rows, rowKey]);
  const count = state.all ? Math.max(0, total - state.except.size) : state.ids.size;
  const pageTicked = pageKeys.length > 0 && pageKeys.every(isTicked);

  return {
    count,
    all: state.all,
    total,
    canSelectAll: !state.all && pageTicked && total > count,
    rowSelection: {
      selectedRowKeys: pageKeys.filter(isTicked),
      onSelect: (row, ticked) => toggle([rowKey(row)], ticked),
      onSelectAll: (ticked) => toggle(pageKeys, ticked),
      getCheckboxProps: (row) => ({ 'aria-label': `Sélectionner la ligne ${String(rowKey(row))}` }) as object,
      // antd names the header box « Select all »: in French, and saying it ticks the page shown.
      getTitleCheckboxProps: () => ({ 'aria-label': 'Sélectionner les lignes de la page' }),
      // antd draws the header again in a hidden measuring row: that copy of the checkbox must not take focus.
      columnTitle: (checkbox) => createElement(HiddenCopySafe, null, checkbox),
    },
    selectAll: () => setState({ all: true, except: new Set() }),
    clear: () => setState(NONE),
    request: () =>
      state.all
        ? { all: true, search, ...(state.except.size ? { except: [...state.except].map(Number) } : {}) }
        : { ids: [...state.ids].map(Number) },
  };
}
