/**
 * The RNE payload readers (server/modules/rne/parse.ts) on the shapes of ../shared/samples/inpi/NOTES.md and on
 * malformed input: identity block order, sole traders, company officers, names as array or string, month of birth,
 * stable keys without duplicates, attachments without id or with bad dates, and junk that never throws; records
 * whose lists pass RNE_MAX_ITEMS refused before any parse, in constant time.
 */
import { describe, expect, it } from 'vitest';
import { oversizedRecord, parseAttachments, parseCompany } from '../../server/modules/rne/parse';

const record = (content: Record<string, unknown>) => ({ siren: '552032534', formality: { siren: '552032534', content } });

describe('parseCompany', () => {
  it('reads the officers (person and company) and the beneficial owners of a personneMorale', () => {
    const out = parseCompany(
      record({
        personneMorale: {
          composition: {
            pouvoirs: [
              { roleEntreprise: '53', libelleRoleEntreprise: 'Directeur général', typeDePersonne: 'INDIVIDU', individu: { descriptionPersonne: { nom: ' Dupont ', prenoms: ['Jean', 'Marie'], nomUsage: 'DURAND', dateDeNaissance: '1970-05-12' } } },
              { roleEntreprise: '71', typeDePersonne: 'ENTREPRISE', entreprise: { siren: '552 032 534', denomination: 'AUDIT SA' } },
              // Same person twice: kept once.
              { roleEntreprise: '53', individu: { descriptionPersonne: { nom: 'DUPONT', prenoms: 'Jean Marie', dateDeNaissance: '1970-05' } } },
              { roleEntreprise: '30' },
              'junk',
            ],
          },
          beneficiairesEffectifs: [{ beneficiaire: { descriptionPersonne: { nom: 'Élise', prenoms: ['Ana'], dateDeNaissance: '1985-01' } }, modalite: { detentionPartTotale: 60 } }, {}],
        },
      }),
    );
    expect(out.found).toBe(true);
    expect(out.officers).toEqual([
      {
        kind: 'person',
        roleCode: '53',
        roleLabel: 'Directeur général',
        lastName: 'Dupont',
        firstNames: 'Jean Marie',
        usageName: 'DURAND',
        birthMonth: '1970-05',
        companySiren: null,
        companyName: null,
        key: 'person|53|DUPONT|JEAN MARIE|1970-05',
      },
      { kind: 'company', roleCode: '71', roleLabel: null, lastName: null, firstNames: null, usageName: null, birthMonth: null, companySiren: '552032534', companyName: 'AUDIT SA', key: 'company|71|552032534' },
    ]);
    expect(out.beneficialOwners).toHaveLength(1);
    expect(out.beneficialOwners[0]).toMatchObject({ lastName: 'Élise', firstNames: 'Ana', birthMonth: '1985-01', key: 'ELISE|ANA|1985-01' });
    expect(out.beneficialOwners[0].raw).toMatchObject({ modalite: { detentionPartTotale: 60 } });
  });

  it('takes personnePhysique first, a sole trader being its own officer, then exploitation', () => {
    const physical = parseCompany(
      record({
        personnePhysique: { identite: { entrepreneur: { descriptionPersonne: { nom: 'MARTIN', prenoms: ['Luc'], dateDeNaissance: '1990-03' } } } },
        personneMorale: { composition: { pouvoirs: [{ individu: { descriptionPersonne: { nom: 'AUTRE' } } }] } },
      }),
    );
    expect(physical.officers.map((o) => [o.lastName, o.roleLabel])).toEqual([['MARTIN', 'Entrepreneur individuel']]);
    const exploitation = parseCompany(record({ exploitation: { composition: { pouvoirs: [{ individu: { descriptionPersonne: { nom: 'GERANT' } } }] } } }));
    expect(exploitation.officers.map((o) => o.lastName)).toEqual(['GERANT']);
  });

  it('answers not found without an identity block, and never throws on junk', () => {
    for (const junk of [null, 42, 'x', [], {}, { formality: null }, { formality: { content: [] } }, record({ personneMorale: 'x' })]) {
      expect(parseCompany(junk)).toEqual({ found: false, officers: [], beneficialOwners: [] });
    }
    expect(parseCompany(record({ personneMorale: { composition: { pouvoirs: 'x' }, beneficiairesEffectifs: null } }))).toEqual({ found: true, officers: [], beneficialOwners: [] });
  });

  it('drops control characters and bad months', () => {
    const out = parseCompany(record({ personneMorale: { composition: { pouvoirs: [{ individu: { descriptionPersonne: { nom: 'A\u0000B\nC', dateDeNaissance: 'vers 1970' } } }] } } }));
    expect(out.officers[0]).toMatchObject({ lastName: 'A B C', birthMonth: null });
  });
});

describe('parseAttachments', () => {
  it('reads deeds, balance sheets and seized balance sheets; skips entries without id; bad dates give null', () => {
    const out = parseAttachments({
      actes: [
        { id: 'A1', dateDepot: '2024-03-01', typeRdd: [{ typeActe: 'Statuts mis à jour' }], typeDocument: null },
        { dateDepot: '2024-03-02' },
        { id: 'A1', dateDepot: '2024-03-01' },
      ],
      bilans: [{ id: 7, dateDepot: '2024-13-45', dateCloture: '2023-12-31T00:00:00+01:00', typeBilan: 'C', nomDocument: 'bilan.pdf' }],
      bilansSaisis: [{ id: 'S1', dateCloture: '2023-12-31', typeBilan: 'S' }, { id: 'x'.repeat(65) }],
    });
    expect(out).toEqual([
      { kind: 'acte', id: 'A1', filedOn: '2024-03-01', closedOn: null, type: 'Statuts mis à jour', label: 'Statuts mis à jour' },
      { kind: 'bilan', id: '7', filedOn: null, closedOn: '2023-12-31', type: 'C', label: 'bilan.pdf' },
      { kind: 'bilan_saisi', id: 'S1', filedOn: null, closedOn: '2023-12-31', type: 'S', label: null },
    ]);
    for (const junk of [null, 'x', [], { actes: 'x', bilans: [null, 1] }]) expect(parseAttachments(junk)).toEqual([]);
  });
});

describe('oversizedRecord', () => {
  const officer = { typeDePersonne: 'INDIVIDU', individu: { descriptionPersonne: { nom: 'DUPONT', prenoms: ['Jean'] } } };

  it('refuses a record of 2,000,000 officers at once, and names the list and the limit in French', () => {
    const pouvoirs = new Array(2_000_000).fill(officer);
    const started = performance.now();
    const reason = oversizedRecord(record({ personneMorale: { composition: { pouvoirs } } }), 'company', 10_000);
    expect(performance.now() - started).toBeLessThan(50);
    expect(reason).toBe('Fiche RNE refusée\u00a0: 2\u202f000\u202f000 pouvoirs (dirigeants), au-delà de la limite de 10\u202f000 éléments par liste (RNE_MAX_ITEMS).');
  });

  it('checks the beneficial owners of the block the parse reads, and each list of the attachments', () => {
    const owners = new Array(11).fill({ beneficiaire: { descriptionPersonne: { nom: 'X' } } });
    expect(oversizedRecord(record({ personnePhysique: { beneficiairesEffectifs: owners } }), 'company', 10)).toMatch(/11 bénéficiaires effectifs/);
    expect(oversizedRecord({ actes: [], bilans: [], bilansSaisis: new Array(11).fill({ id: 'a' }) }, 'attachments', 10)).toMatch(/11 bilans saisis/);
  });

  it('lets a record within the limit through, and junk too (the parse handles it)', () => {
    expect(oversizedRecord(record({ personneMorale: { composition: { pouvoirs: new Array(10).fill(officer) } } }), 'company', 10)).toBeNull();
    for (const junk of [null, 'x', 42, [], { formality: { content: { personneMorale: { composition: { pouvoirs: 'many' } } } } }]) {
      expect(oversizedRecord(junk, 'company', 10)).toBeNull();
      expect(oversizedRecord(junk, 'attachments', 10)).toBeNull();
    }
  });
});
