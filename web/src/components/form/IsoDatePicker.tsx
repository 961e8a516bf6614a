/**
 * `IsoDatePicker`: antd's date picker, in French (the app's ConfigProvider gives antd's fr_FR texts, the
 * dayjs 'fr' locale loaded here gives the weeks starting on Monday), shown and typed `JJ/MM/AAAA`, whose form
 * value stays the ISO date text `YYYY-MM-DD` the API reads and writes ('' when empty). Use it inside a
 * `Form.Item` like any input.
 */
import { DatePicker, type DatePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/fr';

/** The display and typing format (French order). */
export const FRENCH_DATE_FORMAT = 'DD/MM/YYYY';

/** Props of `IsoDatePicker`: the form's ISO value and change handler, and the picker's own props. */
export type IsoDatePickerProps = Omit<DatePickerProps, 'value' | 'onChange' | 'format' | 'picker' | 'multiple' | 'defaultValue'> & {
  /** `YYYY-MM-DD`, or '' / null / undefined when empty. */
  value?: string | null;
  /** Called with `YYYY-MM-DD`, or '' when cleared. */
  onChange?: (value: string) => void;
};

/** The ISO text as a dayjs date, null when empty or not a date. */
function toDayjs(value: string | null | undefined): Dayjs | null {
  if (!value) return null;
  const date = dayjs(value);
  return date.isValid() ? date : null;
}

/** A French date picker bound to an ISO date text (see the module docstring). */
export function IsoDatePicker({ value, onChange, ...props }: IsoDatePickerProps) {
  return (
    <DatePicker
      style={{ width: '100%' }}
      placeholder="JJ/MM/AAAA"
      {...props}
      format={FRENCH_DATE_FORMAT}
      value={toDayjs(value)}
      onChange={(date: Dayjs | null) => onChange?.(date ? date.format('YYYY-MM-DD') : '')}
    />
  );
}
