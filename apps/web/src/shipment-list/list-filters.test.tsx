import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../test/render';
import type { ListFilters as Filters } from './filter-params';
import { ListFilters } from './list-filters';

type TestFilters = Filters<'carrier', 'created_desc'>;
const initial: TestFilters = {
  search: '',
  favoritesOnly: false,
  sort: 'created_desc',
  attention: null,
  customFilters: [],
  carrier: null,
};

/** Waits past the search box's debounce, so that what was typed is sent. */
const afterDebounce = () => act(() => new Promise((resolve) => setTimeout(resolve, 350)));

/** A list whose URL holds `search`: the test moves it, later than the box sends, as a busy router does. */
function List({ search, sent }: { search: string; sent: string[] }) {
  return (
    <ListFilters<'carrier', 'created_desc'>
      filters={{ ...initial, search }}
      onChange={(change) => {
        if (change.search !== undefined) sent.push(change.search);
      }}
      onClear={() => undefined}
      filtered={false}
      search={{ placeholder: 'Search', label: 'Search by number' }}
      selects={[]}
      end={null}
    />
  );
}

describe('ListFilters search box', () => {
  it('keeps what is typed while the URL catches up with earlier searches, and follows other changes', async () => {
    const sent: string[] = [];
    const { rerender } = render(<List search="" sent={sent} />, { wrapper: TestProviders });
    const urlTakes = (search: string) => rerender(<List search={search} sent={sent} />);
    const user = userEvent.setup();
    const box = screen.getByRole('textbox', { name: 'Search by number' });

    await user.type(box, '79');
    await afterDebounce();
    await user.type(box, '46');
    await afterDebounce();
    expect(sent).toEqual(['79', '7946']);

    // The URL takes the first search while the box already holds more.
    urlTakes('79');
    expect(box).toHaveValue('7946');
    urlTakes('7946');
    expect(box).toHaveValue('7946');

    // Something else (Clear filters, the back button) changes the URL's search: the box follows.
    urlTakes('');
    expect(box).toHaveValue('');
    urlTakes('MSKU');
    expect(box).toHaveValue('MSKU');
  });
});
