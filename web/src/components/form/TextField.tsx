import type { InputHTMLAttributes, Ref } from 'react';
import { controlClass, Field, fieldAria, splitField, type FieldProps } from './Field';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id' | 'type'>;

interface TextFieldProps extends FieldProps, InputProps {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'number' | 'search';
  ref?: Ref<HTMLInputElement> | undefined;
}

export function TextField({ value, onChange, type = 'text', ref, ...props }: TextFieldProps) {
  const [field, input] = splitField(props);
  return (
    <Field {...field}>
      <input
        {...input}
        ref={ref}
        id={field.id}
        name={field.id}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...fieldAria(field)}
        className={controlClass(field)}
      />
    </Field>
  );
}
