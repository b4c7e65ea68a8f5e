import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminPage } from '../api/shapes';
import type { Resource } from '../hooks/useResource';
import { ListScreen, SelectionBar, useSelection } from './ListScreen';

type Row = { id: string; name: string };

const page = (over: Partial<AdminPage<Row>>): AdminPage<Row> => ({ count: 0, page: 1, page_size: 2, next: null, previous: null, results: [], count_capped: false, ...over });

const loaded = (data: AdminPage<Row>): Resource<AdminPage<Row>> => ({ status: 'success', data, error: undefined, retry: () => {} });

function Screen({ list, onPage = () => {}, selectable = false }: { list: Resource<AdminPage<Row>>; onPage?: (p: number) => void; selectable?: boolean }) {
  const selection = useSelection();
  const chosen = (list.data?.results ?? []).filter((r) => selection.has(r.id));
  return (
    <>
      {selectable && <SelectionBar label="Selected bags" count={chosen.length} none="No bags selected">
        <button type="button">Publish selected</button>
      </SelectionBar>}
      <ListScreen
        list={list}
        what="We could not load the bags."
        loading="Loading bags…"
        noun={['bag', 'bags']}
        caption="Bags"
        columns={1}
        empty="No bags found"
        page={list.data?.page ?? 1}
        onPage={onPage}
        rowKey={(r) => r.id}
        head={<th>Name</th>}
        cells={(r) => <td>{r.name}</td>}
        select={selectable ? { selection, label: (r) => `Select ${r.name}`, all: 'Select every bag on this page' } : undefined}
      />
    </>
  );
}

describe('ListScreen', () => {
  it('says the first page is loading, and nothing else', () => {
    render(<Screen list={{ status: 'loading', data: undefined, error: undefined, retry: () => {} }} />);
    expect(screen.getByRole('status').textContent).toBe('Loading bags…');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when the filters found nothing, with no pager', () => {
    render(<Screen list={loaded(page({}))} />);
    expect(screen.getByText('0 bags')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'No bags found' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('offers Try again when the load failed', () => {
    const retry = vi.fn();
    render(<Screen list={{ status: 'error', data: undefined, error: new Error('The shop is offline.'), retry }} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('We could not load the bags.');
    expect(alert.textContent).toContain('The shop is offline.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('counts the rows and pages on', () => {
    const onPage = vi.fn();
    render(<Screen list={loaded(page({ count: 3, results: [{ id: '1', name: 'Dairy Meal' }, { id: '2', name: 'Layers Mash' }] }))} onPage={onPage} />);
    expect(screen.getByText('3 bags')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('selects rows one by one or the whole page, and the bar counts them', () => {
    render(<Screen selectable list={loaded(page({ count: 2, results: [{ id: '1', name: 'Dairy Meal' }, { id: '2', name: 'Layers Mash' }] }))} />);
    const bar = screen.getByRole('region', { name: 'Selected bags' });
    expect(bar.textContent).toContain('No bags selected');
    expect(screen.queryByRole('button', { name: 'Publish selected' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Layers Mash' }));
    expect(bar.textContent).toContain('1 selected');
    expect(screen.getByRole('button', { name: 'Publish selected' })).toBeTruthy();
    const all = screen.getByRole('checkbox', { name: 'Select every bag on this page' }) as HTMLInputElement;
    expect(all.checked).toBe(false);
    fireEvent.click(all);
    expect(bar.textContent).toContain('2 selected');
    expect(all.checked).toBe(true);
    fireEvent.click(all);
    expect(bar.textContent).toContain('No bags selected');
  });
});
