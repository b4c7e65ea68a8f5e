import { controlClass, Field, fieldAria, type FieldProps } from './Field';

interface TextAreaFieldProps extends FieldProps {
  value: string;
  onChange: (value: string) => void;
  rows?: number;
}

export function TextAreaField({ id, label, value, onChange, error, hint, optional, compact, rows = 4 }: TextAreaFieldProps) {
  const field = { id, label, error, hint, optional, compact };
  return (
    <Field {...field}>
      <textarea
        id={id}
        name={id}
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...fieldAria(field)}
        className={controlClass(field)}
      />
    </Field>
  );
}
