import type { ReactNode, SelectHTMLAttributes } from 'react';
import { framed, type FieldProps } from './Field';

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'id' | 'children'>;

interface SelectFieldProps extends FieldProps, SelectProps {
  value: string;
  onChange: (value: string) => void;
  /** The <option>s. */
  children: ReactNode;
}

export function SelectField({ children, ...props }: SelectFieldProps) {
  return framed(props, (control) => <select {...control}>{children}</select>);
}
