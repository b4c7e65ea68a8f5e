import type { InputHTMLAttributes, Ref } from 'react';
import { controlClass, Field, fieldAria, type FieldProps } from './Field';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id' | 'type'>;

interface TextFieldProps extends FieldProps, InputProps {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'number' | 'search';
  ref?: Ref<HTMLInputElement> | undefined;
}

export function TextField({ id, label, value, onChange, error, hint, optional, compact, type = 'text', ref, ...input }: TextFieldProps) {
  const field = { id, label, error, hint, optional, compact };
  return (
    <Field {...field}>
      <input
        {...input}
        ref={ref}
        id={id}
        name={id}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...fieldAria(field)}
        className={controlClass(field)}
      />
    </Field>
  );
}
