/**
 * The text above a failed list (web/src/components/list/listError.ts).
 */
import { describe, expect, it } from 'vitest';
import { ApiError, GENERIC_ERROR } from '../../../web/src/api/errors';
import { listErrorText } from '../../../web/src/components/list/listError';

const DEEP = 'Cette page est trop loin dans la liste (au-delà de 100 000 lignes) : affinez la recherche ou inversez le tri.';

describe('listErrorText', () => {
  it('a too deep page shows the server message of errors.page', () => {
    expect(listErrorText(new ApiError(422, DEEP, { page: [DEEP] }))).toBe(DEEP);
  });

  it('a query stopped by the time limit shows the server message', () => {
    expect(listErrorText(new ApiError(503, 'Le serveur n’a pas pu répondre à temps.'))).toBe('Le serveur n’a pas pu répondre à temps.');
  });

  it('anything else is the generic error', () => {
    expect(listErrorText(new ApiError(422, 'x', { column: ['x'] }))).toBe(GENERIC_ERROR);
    expect(listErrorText(new ApiError(500, 'Une erreur est survenue!'))).toBe(GENERIC_ERROR);
    expect(listErrorText(new ApiError(0, ''))).toBe(GENERIC_ERROR);
    expect(listErrorText(new Error('boom'))).toBe(GENERIC_ERROR);
  });
});
