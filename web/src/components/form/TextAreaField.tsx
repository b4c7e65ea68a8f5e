import type { TextareaHTMLAttributes } from 'react';
import { controlClass, Field, fieldAria, splitField, type FieldProps } from './Field';

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
        id={field.id}
        name={field.id}
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...fieldAria(field)}
        className={controlClass(field)}
      />
    </Field>
  );
}
