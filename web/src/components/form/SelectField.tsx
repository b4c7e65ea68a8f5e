import type { ReactNode, SelectHTMLAttributes } from 'react';
import { controlClass, Field, fieldAria, type FieldProps } from './Field';

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'id' | 'children'>;

interface SelectFieldProps extends FieldProps, SelectProps {
  value: string;
  onChange: (value: string) => void;
  /** The <option>s. */
  children: ReactNode;
}

export function SelectField({ id, label, value, onChange, error, hint, optional, compact, children, ...select }: SelectFieldProps) {
  const field = { id, label, error, hint, optional, compact };
  return (
    <Field {...field}>
      <select
        {...select}
        id={id}
        name={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...fieldAria(field)}
        className={controlClass(field)}
      >
        {children}
      </select>
    </Field>
  );
}
