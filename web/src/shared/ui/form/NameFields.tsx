import { formsMessages } from '../../i18n/messages/forms';
import type { FieldBinding } from './Field';
import { TextField } from './TextField';

/** First and last name side by side (sign-up and the account page). */
export function NameFields({ first, last }: { first: FieldBinding; last: FieldBinding }) {
  const m = formsMessages();
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField label={m.firstName} autoComplete="given-name" {...first} />
      <TextField label={m.lastName} autoComplete="family-name" {...last} />
    </div>
  );
}
