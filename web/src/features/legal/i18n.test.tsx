import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inPseudoLanguage, untranslated } from '../../test/i18n';
import { renderAt } from '../../test/utils';
import PrivacyPage from './PrivacyPage';
import TermsPage from './TermsPage';

inPseudoLanguage();

describe('the policy pages in another language', () => {
  it.each([
    ['/privacy', PrivacyPage, 9],
    ['/terms', TermsPage, 9],
  ])('%s shows no text of its own outside the catalogue', async (path, Page, sections) => {
    renderAt(path, [{ path, Component: Page }]);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toMatch(/^⟦.+⟧$/);
    // Every section is there, each named from the catalogue, in the contents list too.
    expect(screen.getAllByRole('region')).toHaveLength(sections);
    expect(screen.getByRole('navigation').querySelectorAll('li')).toHaveLength(sections);
    expect(untranslated(document.body)).toEqual([]);
    expect(untranslated(document.head)).toEqual([]);
    expect(document.title).toContain('⟦');
  });
});
