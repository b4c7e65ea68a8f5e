import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inPseudoLanguage, untranslated } from '../../test/i18n';
import { renderAt } from '../../test/utils';
import AboutPage from './AboutPage';

inPseudoLanguage();

// The team's names and initials are names: the same in every language.
const TEAM = ['Daniel Kamau', 'Faith Achieng', 'Brian Mutua', 'DK', 'FA', 'BM'];

describe('the About page in another language', () => {
  it('shows no text of its own outside the catalogue', async () => {
    renderAt('/about', [{ path: '/about', Component: AboutPage }]);
    await screen.findByRole('heading', { level: 1 });
    // The timeline, the values and the team are all shown, each with its words.
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(6 + 4 + 3);
    expect(screen.getByText('2025')).toBeTruthy();
    expect(untranslated(document.body, TEAM)).toEqual([]);
    expect(untranslated(document.head)).toEqual([]);
    expect(document.title).toContain('⟦');
  });
});
