/**
 * The deal's own fields (SPEC section 3 "Deal", section 5): Deal ID, date (antd's French date picker, JJ/MM/AAAA), types 1 and 2
 * ('0' = none), amount (numeric), currency (20 codes, EUR by default), description, link, source, the two YES/NO
 * flags, the buyers, targets and seller with their countries (searchable, French names), and 'Actif'.
 */
import { Col, Input, InputNumber, Row, Select, Typography } from 'antd';
import { GridField } from '../../../components/form/GridField';
import { IsoDatePicker } from '../../../components/form/IsoDatePicker';
import { StatusField } from '../../../components/form/StatusField';
import { optionMatches } from '../../../lib/searchFold';
import { CURRENCIES, YES_NO_OPTIONS } from '../texts';
import type { Option } from './useDealOptions';
import { formatGroupedAmount, parseGroupedAmount } from '../../../lib/groupedAmount';

const CURRENCY_OPTIONS = CURRENCIES.map((code) => ({ value: code, label: code }));

/** The parties: label and the name / country fields. */
const PARTIES = [
  { label: 'Acquéreur 1', name: 'extra3', country: 'extra4' },
  { label: 'Acquéreur 2', name: 'extra5', country: 'extra6' },
  { label: 'Acquéreur 3', name: 'extra7', country: 'extra8' },
  { label: 'Cible 1', name: 'extra9', country: 'extra10' },
  { label: 'Cible 2', name: 'extra11', country: 'extra12' },
  { label: 'Cible 3', name: 'extra13', country: 'extra14' },
  { label: 'Cédant', name: 'extra15', country: 'extra16' },
] as const;

/** Props of `DealFields`. */
export interface DealFieldsProps {
  types: Option[];
  countries: Option[];
}

/** The deal's fields in a responsive grid. */
export function DealFields({ types, countries }: DealFieldsProps) {
  const countrySelect = (
    <Select
      options={countries}
      allowClear
      showSearch={{ filterOption: optionMatches }}
      data-testid="country-select"
    />
  );
  return (
    <>
      <Row gutter={16}>
        <GridField md={12} label="Deal ID" name="deal_identifier">
          <Input autoComplete="off" maxLength={64} />
        </GridField>
        <GridField md={12} label="Deal date" name="deal_date">
          <IsoDatePicker />
        </GridField>
        <GridField md={12} label="Deal Type 1" name="dealtype1_id">
          <Select options={types} showSearch={{ filterOption: optionMatches }} />
        </GridField>
        <GridField md={12} label="Deal Type 2" name="dealtype2_id">
          <Select options={types} showSearch={{ filterOption: optionMatches }} />
        </GridField>
        <GridField md={12} label="Deal Amount" name="amount">
          {/* No min: the server checks the amount (SPEC section 5) and its message goes under the field; a clamp here would change what was typed. */}
          <InputNumber step={1000} stringMode formatter={formatGroupedAmount} parser={parseGroupedAmount} style={{ width: '100%' }} />
        </GridField>
        <GridField md={12} label="Currency" name="currency">
          <Select options={CURRENCY_OPTIONS} showSearch={{ optionFilterProp: 'label' }} />
        </GridField>
        <GridField label="Description" name="description">
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
        </GridField>
        <GridField md={12} label="Lien" name="url">
          <Input type="url" autoComplete="off" />
        </GridField>
        <GridField md={12} label="Source" name="source">
          <Input autoComplete="off" />
        </GridField>
        <GridField md={12} label="Investissement français à l’étranger" name="extra1">
          <Select options={YES_NO_OPTIONS} allowClear />
        </GridField>
        <GridField md={12} label="Investissement étranger en France" name="extra2">
          <Select options={YES_NO_OPTIONS} allowClear />
        </GridField>
      </Row>
      <Typography.Title level={2} style={{ fontSize: 16, marginTop: 8 }}>
        Parties
      </Typography.Title>
      <Row gutter={16}>
        {PARTIES.map((party) => (
          <Col xs={24} md={12} key={party.name}>
            <Row gutter={8}>
              <GridField sm={14} label={party.label} name={party.name}>
                <Input autoComplete="off" />
              </GridField>
              <GridField sm={10} label={`Pays (${party.label})`} name={party.country}>
                {countrySelect}
              </GridField>
            </Row>
          </Col>
        ))}
      </Row>
      <StatusField />
    </>
  );
}
