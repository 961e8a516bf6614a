/**
 * The entities of the deal form (SPEC sections 2, 3 "Deal entity" and 5): a local list,
 * saved with the deal, where rows are added ('Ajouter une entité': role 0, stake empty) and removed; each row
 * has SIREN (a pasted SIRET is replaced by its SIREN, with a note), company name (filled in from the register
 * when a known SIREN is typed, still editable), role and
 * stake (%); the server's errors go under each field (`entities.0.siren`) and under the list (`entities`).
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, InputNumber, Row, Select, Typography, type FormInstance } from 'antd';
import { useEffect, useRef } from 'react';
import { SirenInput } from '../../../components/siren/SirenInput';
import { optionMatches } from '../../../lib/searchFold';
import { useScreenUp } from '../../../lib/useMediaQuery';
import { HeadOfficeClosedTag } from '../../../components/company/HeadOfficeClosedTag';
import { BODACC_NAME_IS, BODACC_NAME_USED, KNOWN_BY_BODACC_ONLY, KNOWN_BY_ESTABLISHMENTS_ONLY } from '../../../components/company/texts';
import { UNKNOWN_TO_REGISTER } from '../../../components/company/texts';
import { NEW_ENTITY } from './dealValues';
import { useCompanyLookup } from './useCompanyLookup';

/** Hint under a company name that is the register's. */
export const REGISTER_NAME_USED = 'Nom repris du répertoire';
/** Hint under a company name typed by hand, when the register knows the SIREN: followed by the register's name. */
export const REGISTER_NAME_IS = 'Nom au répertoire\u00a0: ';
import type { Option } from './useDealOptions';

/** Props of one entity row. */
interface EntityRowProps {
  form: FormInstance;
  index: number;
  roles: Option[];
  onRemove: () => void;
}

/**
 * One entity: its four fields and 'Retirer'. The hint under the company name says what the register knows of the
 * SIREN: its name (filled in), « connu seulement par ses établissements » (no name filled in: an establishment's
 * sign is not the company's name) or « inconnu au répertoire », with « Siège fermé » when its head office is closed;
 * for a SIREN only a BODACC notice names, the notice's name (filled in, « Nom repris du BODACC ») with that notice.
 */
function EntityRow({ form, index, roles, onRemove }: EntityRowProps) {
  const siren = Form.useWatch(['entities', index, 'siren'], form) as string | undefined;
  const lookup = useCompanyLookup(siren);
  // The name last filled in from the register: replaced when the SIREN changes, never a name typed by hand.
  const filled = useRef<string | null>(null);
  const knownName = lookup.state === 'known' ? lookup.name : null;
  // Runs when the register's answer changes (a new SIREN), not at each keystroke: a name emptied by hand stays empty.
  useEffect(() => {
    if (knownName === null) return;
    const current = (form.getFieldValue(['entities', index, 'name']) as string | undefined) ?? '';
    if (current.trim() === '' || current === filled.current) {
      form.setFieldValue(['entities', index, 'name'], knownName);
      filled.current = knownName;
    }
  }, [knownName, form, index]);
  const name = Form.useWatch(['entities', index, 'name'], form) as string | undefined;
  // "Taken from the register" only while the name is the register's; a name of one's own shows the register's beside it.
  const fromBodacc = lookup.state === 'known' && lookup.notice !== undefined;
  const hintText =
    lookup.state === 'known'
      ? (name ?? '').trim() === lookup.name
        ? fromBodacc
          ? BODACC_NAME_USED
          : REGISTER_NAME_USED
        : `${fromBodacc ? BODACC_NAME_IS : REGISTER_NAME_IS}${lookup.name}`
      : lookup.state === 'establishments'
        ? KNOWN_BY_ESTABLISHMENTS_ONLY
        : lookup.state === 'bodacc'
          ? KNOWN_BY_BODACC_ONLY
          : lookup.state === 'unknown'
            ? UNKNOWN_TO_REGISTER
            : undefined;
  // A name a BODACC notice gives is said with that notice, which opens on bodacc.fr.
  const notice = lookup.state === 'known' || lookup.state === 'bodacc' ? lookup.notice : undefined;
  // A closed head office is said wherever the register's company is shown.
  const closed = (lookup.state === 'known' || lookup.state === 'establishments') && lookup.headOfficeClosed;
  const hint =
    hintText === undefined ? undefined : (
      <span data-testid="entity-name-hint">
        {hintText}
        {notice ? (
          <>
            {' ('}
            <a href={notice.url} target="_blank" rel="noopener noreferrer">
              {notice.label}
            </a>
            {')'}
          </>
        ) : null}
        {closed ? <HeadOfficeClosedTag /> : null}
      </span>
    );
  const n = index + 1;
  // On a wide screen the first row's labels head the columns (rows stacked on a narrow one keep theirs);
  // every input is named with its row for assistive tech and tests.
  const wide = useScreenUp('lg');
  const label = (text: string) => (index === 0 || !wide ? text : undefined);
  const named = (text: string) => ({ 'aria-label': `${text} (entité ${n})` });
  return (
    <Row
      gutter={12}
      align="top"
      wrap
      data-testid="deal-entity"
      // Stacked on a narrow screen, the entities are told apart by a rule between them.
      style={index > 0 && !wide ? { borderTop: '1px solid #e5e7eb', paddingTop: 12 } : undefined}
    >
      <Col xs={24} sm={12} lg={5}>
        <Form.Item label={label('SIREN')} name={[index, 'siren']}>
          {/* Room for a SIRET typed with spaces (`552 032 534 00703`): it becomes its SIREN, the note under the field says so. */}
          <SirenInput autoComplete="off" inputMode="numeric" maxLength={20} data-testid="entity-siren" {...named('SIREN')} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} lg={8}>
        <Form.Item label={label('Company Name')} name={[index, 'name']} extra={hint}>
          <Input autoComplete="off" data-testid="entity-name" {...named('Company Name')} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} lg={5}>
        <Form.Item label={label('Company Role')} name={[index, 'entityrole_id']}>
          <Select options={roles} showSearch={{ filterOption: optionMatches }} data-testid="entity-role" {...named('Company Role')} />
        </Form.Item>
      </Col>
      <Col xs={16} sm={8} lg={4}>
        <Form.Item label={label('Stake Percent (%)')} name={[index, 'stake_percent']}>
          {/* No min / max: the server checks the stake (0 to 100, SPEC section 5) and says so under the field. */}
          <InputNumber step={0.01} decimalSeparator="," stringMode style={{ width: '100%' }} data-testid="entity-stake" {...named('Stake Percent (%)')} />
        </Form.Item>
      </Col>
      <Col xs={8} sm={4} lg={2} style={{ display: 'flex', alignItems: 'flex-end', paddingBottom: 24, minHeight: index === 0 || !wide ? 86 : 56 }}>
        <Button icon={<DeleteOutlined aria-hidden />} danger onClick={onRemove} aria-label={`Retirer l’entité ${n}`} data-testid="entity-remove" />
      </Col>
    </Row>
  );
}

/** The entities section of the deal form. */
export function EntitiesField({ form, roles }: { form: FormInstance; roles: Option[] }) {
  return (
    <Form.List name="entities">
      {(fields, { add, remove }, { errors }) => (
        <section aria-labelledby="deal-entities-title" data-testid="deal-entities">
          <Typography.Title level={2} id="deal-entities-title" style={{ fontSize: 16, marginTop: 8 }}>
            Entités
          </Typography.Title>
          {fields.length === 0 ? <Typography.Paragraph type="secondary">Aucune entité.</Typography.Paragraph> : null}
          {fields.map((field) => (
            <EntityRow key={field.key} form={form} index={field.name} roles={roles} onRemove={() => remove(field.name)} />
          ))}
          {errors.length ? (
            // The list's own error (no entity): red and announced, as a field's error is (SPEC section 5).
            <div role="alert" data-testid="entities-error" style={{ marginBottom: 8 }}>
              {errors.map((error, i) => (
                <Typography.Text type="danger" key={i} style={{ display: 'block' }}>
                  {error}
                </Typography.Text>
              ))}
            </div>
          ) : null}
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({ ...NEW_ENTITY })} data-testid="entity-add" style={{ marginBlock: 8 }}>
            Ajouter une entité
          </Button>
        </section>
      )}
    </Form.List>
  );
}
