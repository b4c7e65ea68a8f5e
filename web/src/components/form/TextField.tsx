import type { InputHTMLAttributes, Ref } from 'react';
import { formsMessages } from '../../lib/messages/forms';
import { controlProps, Field, splitField, type FieldProps } from './Field';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id' | 'type'>;

export interface TextFieldProps extends FieldProps, InputProps {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'number' | 'search' | 'datetime-local';
  ref?: Ref<HTMLInputElement> | undefined;
}

export function TextField({ value, onChange, type = 'text', ref, ...props }: TextFieldProps) {
  const [field, input] = splitField(props);
  return (
    <Field {...field}>
      <input
        {...input}
        ref={ref}
        type={type}
        value={value}
        {...controlProps(field, onChange)}
      />
    </Field>
  );
}

type PhoneFieldProps = Omit<TextFieldProps, 'type' | 'label'> & { label?: string };

/** A phone number field: the phone keypad, and the number the browser knows. */
export function PhoneField({ label, ...props }: PhoneFieldProps) {
  return <TextField label={label ?? formsMessages().phoneNumber} type="tel" inputMode="tel" autoComplete="tel" {...props} />;
}
