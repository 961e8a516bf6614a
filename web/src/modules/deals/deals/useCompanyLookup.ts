/**
 * `useCompanyLookup`: the register's name of a SIREN being typed in a deal entity (a SIRET names its SIREN), through
 * `GET /api/companies/{siren}` (contract/feeds.ts; 404 when the register does not know it). A SIREN the register
 * knows only by establishments has no company name (an establishment's sign is not one); whether its head office
 * is closed comes with either answer.
 */
import { useQuery } from '@tanstack/react-query';
import { api, isApiError, ok } from '../../../api/client';
import { readSirenOrSiret, stripSpaces } from '../../../../../contract/siren';

/**
 * The SIREN to look up for `value`: its 9 digits once spaces are removed, or the SIREN of a valid SIRET
 * (contract/siren.ts `readSirenOrSiret`); null while it is neither.
 */
export function sirenDigits(value: string | null | undefined): string | null {
  const read = readSirenOrSiret(value ?? '');
  if (read.ok) return read.siren;
  const digits = stripSpaces(value ?? '');
  return /^\d{9}$/.test(digits) ? digits : null;
}

/**
 * What the register says about a SIREN: `known` with its company's name (with `notice` when the name is a BODACC
 * notice's, the SIREN being in no INSEE file), `establishments` (known only by establishments: no name), `bodacc`
 * (named by a notice that gives no name for it), `unknown` (404 or refused), or nothing yet; `headOfficeClosed`
 * when its stored head office is closed.
 */
export type CompanyLookup =
  | { state: 'idle' | 'loading' }
  | { state: 'known'; name: string; headOfficeClosed: boolean; notice?: undefined }
  | { state: 'known'; name: string; headOfficeClosed: false; notice: { label: string; url: string } }
  | { state: 'establishments'; headOfficeClosed: boolean }
  | { state: 'bodacc'; notice: { label: string; url: string } }
  | { state: 'unknown' };

/** Looks the SIREN up once it has 9 digits, or is given by a valid SIRET (answers cached for the session). */
export function useCompanyLookup(siren: string | null | undefined): CompanyLookup {
  const digits = sirenDigits(siren);
  const query = useQuery({
    queryKey: ['company', digits],
    queryFn: ({ signal }) => ok(api.GET('/api/companies/{siren}', { params: { path: { siren: digits ?? '' } }, signal })),
    enabled: digits !== null,
    retry: (count, error) => !isApiError(error, 404) && !isApiError(error, 422) && count < 1,
    staleTime: 10 * 60_000,
  });
  if (!digits) return { state: 'idle' };
  if (query.isPending) return { state: 'loading' };
  if (query.data) {
    const headOfficeClosed = query.data.head_office?.closed === true;
    const { known_from: from, name, notice } = query.data;
    if (from === 'companies' && name !== null) return { state: 'known', name, headOfficeClosed };
    // Known only from a BODACC notice: its name is the notice's, said with the notice it comes from.
    if (from === 'bodacc' && notice) return name !== null ? { state: 'known', name, headOfficeClosed: false, notice } : { state: 'bodacc', notice };
    return { state: 'establishments', headOfficeClosed };
  }
  return { state: 'unknown' };
}
