import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { inPseudoLanguage, untranslated } from '../test/i18n';
import { ErrorScreen } from './ErrorScreen';
import { Layout } from './Layout';

inPseudoLanguage();

function renderLayout(page = <p>⟦page⟧</p>) {
  const router = createMemoryRouter([{ Component: Layout, children: [{ path: '/', element: page }] }], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
}

describe('the frame in another language', () => {
  it('shows no text of its own outside the catalogue, header and footer', async () => {
    renderLayout();
    const footer = await screen.findByRole('contentinfo');
    expect(untranslated(screen.getByRole('banner'))).toEqual([]);
    expect(untranslated(footer)).toEqual([]);
    expect(untranslated(document.body)).toEqual([]);
  });

  it('offers the switch in the header, the phone menu and the footer', async () => {
    renderLayout();
    const footer = await screen.findByRole('contentinfo');
    const header = screen.getByRole('banner');
    // Two in the header: one shown on wide screens, one in the phone menu.
    expect(within(header).getAllByRole('button', { name: 'English' })).toHaveLength(2);
    expect(within(footer).getByRole('button', { name: 'English' })).toBeTruthy();
    // The language shown is marked, not offered.
    expect(within(footer).getByText('Kiswahili').getAttribute('aria-current')).toBe('true');
  });

  it('the error screens', () => {
    render(
      <RouterProvider router={createMemoryRouter([{ path: '/', element: <><ErrorScreen notFound /><ErrorScreen /></> }])} />,
    );
    expect(untranslated(document.body)).toEqual([]);
  });

  it('notices an English literal', () => {
    renderLayout(<p>Buy now</p>);
    expect(untranslated(screen.getByRole('main'))).toEqual(['p: "Buy now"']);
  });
});
