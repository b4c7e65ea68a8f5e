import type { TextareaHTMLAttributes } from 'react';
import { framed, type FieldProps } from './Field';

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'id'>;

interface TextAreaFieldProps extends FieldProps, TextAreaProps {
  value: string;
  onChange: (value: string) => void;
}

export function TextAreaField({ rows = 4, ...props }: TextAreaFieldProps) {
  return framed(props, (control) => <textarea {...control} rows={rows} />);
}
