import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { componentsMessages } from '../i18n/messages/components';
import { inPseudoLanguage, untranslated } from '../../test/i18n';
import { CopyButton } from './CopyButton';
import { ContinueShopping } from './Page';
import { PageLoading } from './PageLoading';
import { QuantityStepper } from './QuantityStepper';
import { Stars } from './Stars';

inPseudoLanguage();

describe('the shared components in another language', () => {
  it('loading, a rating, a quantity and the way back to the shop', () => {
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <>
            <PageLoading />
            <Stars rating={4.5} />
            <QuantityStepper value={2} onChange={() => {}} />
            <ContinueShopping className="" />
          </>
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('img', { name: componentsMessages().rated(4.5) })).toBeTruthy();
    expect(untranslated(document.body)).toEqual([]);
  });

  it('a copy that failed', async () => {
    vi.stubGlobal('isSecureContext', false);
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    render(<CopyButton text="ORDER-1795" label="⟦Nakili namba ya akaunti⟧" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button'));
    });
    expect(screen.getByRole('status').textContent).toBe(componentsMessages().copy.failed);
    expect(untranslated(document.body)).toEqual([]);
  });
});
