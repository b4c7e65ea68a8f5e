import type { ReactNode, SelectHTMLAttributes } from 'react';
import { controlProps, Field, splitField, type FieldProps } from './Field';

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'id' | 'children'>;

interface SelectFieldProps extends FieldProps, SelectProps {
  value: string;
  onChange: (value: string) => void;
  /** The <option>s. */
  children: ReactNode;
}

export function SelectField({ value, onChange, children, ...props }: SelectFieldProps) {
  const [field, select] = splitField(props);
  return (
    <Field {...field}>
      <select {...select} value={value} {...controlProps(field, onChange)}>
        {children}
      </select>
    </Field>
  );
}
