import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SearchableSelect } from './SearchableSelect';

const COUNTIES = ['Kiambu', 'Kilifi', 'Kisumu', 'Nairobi', 'Turkana'];

function County({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <SearchableSelect
      id="county"
      label="County"
      value={value}
      onChange={setValue}
      options={COUNTIES}
      placeholder="Choose a county"
      searchLabel="Type to find your county"
      error={error}
    />
  );
}

const select = () => screen.getByLabelText('County') as HTMLSelectElement;
const search = (text: string) => fireEvent.change(screen.getByLabelText('Type to find your county'), { target: { value: text } });
const shown = () => [...select().options].map((o) => o.text);

describe('SearchableSelect', () => {
  it('narrows the choices as the farmer types, and chooses the only one left', () => {
    render(<County />);
    expect(shown()).toEqual(['Choose a county', ...COUNTIES]);
    search('ki');
    expect(shown()).toEqual(['Choose a county', 'Kiambu', 'Kilifi', 'Kisumu']);
    expect(select().value).toBe('');
    search('kis');
    expect(select().value).toBe('Kisumu');
    // The choice stays on the list whatever is typed next.
    search('tur');
    expect(select().value).toBe('Turkana');
    search('x');
    expect(shown()).toEqual(['No county matches “x”', 'Turkana']);
  });

  it('is a labelled select that carries its error', () => {
    render(<County error="Please choose a county" />);
    fireEvent.change(select(), { target: { value: 'Nairobi' } });
    expect(select().value).toBe('Nairobi');
    expect(select().getAttribute('aria-invalid')).toBe('true');
    expect(select().getAttribute('aria-describedby')).toBe('county-error');
    expect(screen.getByText('Please choose a county')).toBeTruthy();
  });
});
