import { useState, type FocusEventHandler } from 'react';
import { formsMessages } from '../../i18n/messages/forms';
import { controlClass, controlProps, Field, type FieldProps } from './Field';

interface SearchableSelectProps extends FieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLSelectElement>;
  options: readonly string[];
  /** The first, empty choice ('Choose a county'). */
  placeholder: string;
  /** What the search box is called for a screen reader, and shows until typed in ('Type to find your county'). */
  searchLabel: string;
  required?: boolean;
  autoComplete?: string;
}

/**
 * A select with a search box above it, for a long list on a phone: typing narrows the choices,
 * and when one is left it is chosen. The select stays a real select, so it keeps its label,
 * its error and the phone's own picker.
 */
export function SearchableSelect({ value, onChange, onBlur, options, placeholder, searchLabel, required, autoComplete, ...field }: SearchableSelectProps) {
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const matches = q === '' ? options : options.filter((o) => o.toLowerCase().includes(q));
  // The chosen value stays on the list, so the select never shows something it does not hold.
  const shown = value && !matches.includes(value) && options.includes(value) ? [value, ...matches] : matches;
  const search = (text: string) => {
    setQuery(text);
    const t = text.trim().toLowerCase();
    const found = t === '' ? [] : options.filter((o) => o.toLowerCase().includes(t));
    const only = found.length === 1 ? found[0] : options.find((o) => o.toLowerCase() === t);
    if (only !== undefined && only !== value) onChange(only);
  };
  return (
    <Field {...field}>
      <input
        type="search"
        aria-label={searchLabel}
        aria-controls={field.id}
        placeholder={searchLabel}
        value={query}
        onChange={(e) => search(e.target.value)}
        className={controlClass({ ...field, error: undefined })}
      />
      <select value={value} onBlur={onBlur} required={required} autoComplete={autoComplete} {...controlProps(field, onChange)}>
        <option value="">{q !== '' && matches.length === 0 ? formsMessages().noCountyMatches(query.trim()) : placeholder}</option>
        {shown.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </Field>
  );
}
