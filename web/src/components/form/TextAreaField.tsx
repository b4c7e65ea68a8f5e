import type { TextareaHTMLAttributes } from 'react';
import { controlProps, Field, splitField, type FieldProps } from './Field';

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'id'>;

interface TextAreaFieldProps extends FieldProps, TextAreaProps {
  value: string;
  onChange: (value: string) => void;
}

export function TextAreaField({ value, onChange, rows = 4, ...props }: TextAreaFieldProps) {
  const [field, textarea] = splitField(props);
  return (
    <Field {...field}>
      <textarea
        {...textarea}
        rows={rows}
        value={value}
        {...controlProps(field, onChange)}
      />
    </Field>
  );
}
