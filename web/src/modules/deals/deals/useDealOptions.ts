/**
 * The choices of the deal form (SPEC sections 3 and 5): the types (with '0' = none), the roles (0 = none),
 * the countries by French name (`allcountries`), the currencies and YES / NO. A disabled type or role stays
 * offered, marked, so that a deal using it still shows it.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useResourceList } from '../../../components/resource/useResourceQueries';
import { rolesResource, typesResource } from '../records/resources';
import { fetchCountries } from './api';

/** One option of a select (a country's also carries its ISO alpha-2 code, searched too). */
export interface Option {
  value: number;
  label: string;
  iso?: string;
}

const withNone = (items: { id: number; name: string; status: number }[] | undefined, none: string): Option[] => [
  { value: 0, label: none },
  ...(items ?? []).map((item) => ({ value: item.id, label: item.status === 1 ? item.name : `${item.name} (désactivé)` })),
];

/** Options of the type, role and country selects, and whether they are still loading. */
export function useDealOptions() {
  const types = useResourceList(typesResource);
  const roles = useResourceList(rolesResource);
  const countries = useQuery({ queryKey: ['deal-countries'], queryFn: fetchCountries, staleTime: Infinity });
  return useMemo(
    () => ({
      types: withNone(types.data, 'Aucun'),
      roles: withNone(roles.data, 'Aucun'),
      countries: (countries.data ?? []).map((c) => ({ value: c.id, label: c.name, iso: c.iso_alpha2 })),
      loading: types.isPending || roles.isPending || countries.isPending,
    }),
    [types.data, roles.data, countries.data, types.isPending, roles.isPending, countries.isPending],
  );
}
