import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { formsMessages } from '../../i18n/messages/forms';
import { controlClass, Field, fieldAria, splitField, type FieldBinding, type FieldProps } from './Field';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id' | 'type'>;

interface PasswordFieldProps extends FieldProps, InputProps {
  value: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement> | undefined;
}

/** A password input with a Show/Hide button, so a farmer on a small keyboard can check what they typed. */
export function PasswordField({ value, onChange, ref, ...props }: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  const [field, input] = splitField(props);
  const { id, label } = field;
  const m = formsMessages();
  return (
    <Field {...field}>
      <div className="relative mt-1">
        <input
          {...input}
          ref={ref}
          id={id}
          name={id}
          type={shown ? 'text' : 'password'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          {...fieldAria(field)}
          className={`${controlClass(field, false)} pr-20`}
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-controls={id}
          aria-label={shown ? m.hideField(label.toLowerCase()) : m.showField(label.toLowerCase())}
          className="absolute inset-y-1 right-1 min-w-16 rounded px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          {shown ? m.hide : m.show}
        </button>
      </div>
    </Field>
  );
}

/** Choosing a password (sign-up, reset, change): the password with its rule, and its confirmation. */
export function NewPasswordFields({
  password,
  confirm,
  labels,
}: {
  password: FieldBinding;
  confirm: FieldBinding;
  labels?: { password: string; confirm: string };
}) {
  const m = formsMessages();
  return (
    <>
      <PasswordField label={labels?.password ?? m.newPassword} autoComplete="new-password" hint={m.newPasswordHint} {...password} />
      <PasswordField label={labels?.confirm ?? m.confirmNewPassword} autoComplete="new-password" {...confirm} />
    </>
  );
}
