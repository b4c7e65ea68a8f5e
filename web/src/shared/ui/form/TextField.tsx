import type { InputHTMLAttributes, Ref } from 'react';
import { formsMessages } from '../../i18n/messages/forms';
import { framed, type FieldProps } from './Field';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id' | 'type'>;

export interface TextFieldProps extends FieldProps, InputProps {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'number' | 'search' | 'datetime-local';
  ref?: Ref<HTMLInputElement> | undefined;
}

export function TextField({ type = 'text', ref, ...props }: TextFieldProps) {
  return framed(props, (control) => <input {...control} ref={ref} type={type} />);
}

type PhoneFieldProps = Omit<TextFieldProps, 'type' | 'label'> & { label?: string };

/** A phone number field: the phone keypad, and the number the browser knows. */
export function PhoneField({ label, ...props }: PhoneFieldProps) {
  return <TextField label={label ?? formsMessages().phoneNumber} type="tel" inputMode="tel" autoComplete="tel" {...props} />;
}
