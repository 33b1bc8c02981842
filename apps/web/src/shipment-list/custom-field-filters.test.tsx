import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomField } from '@tracklane/shared/custom-fields/custom-fields.schema';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../test/render';
import { CustomFieldFilters, filterFromInput } from './custom-field-filters';

const field = (n: string, type: CustomField['type'], name: string, choices: string[] = []): CustomField => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name,
  type,
  choices,
  required: false,
  position: Number(n),
});
const PO = field('1', 'text', 'PO');
const PALLETS = field('2', 'number', 'Pallets');
const BOOKED = field('3', 'date', 'Booked on');
const PRIORITY = field('4', 'choice', 'Priority', ['Low', 'High', 'Urgent']);
const FIELDS = [PO, PALLETS, BOOKED, PRIORITY];
const EMPTY = { text: '', choices: [], min: '', max: '' };

/** The control over a URL's `cf` values, as the list holds them. */
function Harness({ initial = [], seen }: { initial?: string[]; seen: string[][] }) {
  const [value, setValue] = useState(initial);
  return (
    <CustomFieldFilters
      fields={FIELDS}
      value={value}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
}

describe('custom field filter controls', () => {
  it('makes the `cf` value of each type, and says what is missing', () => {
    expect(filterFromInput(PO, { ...EMPTY, text: ' PO-47 ' })).toEqual({
      ok: true,
      value: `${PO.id}:PO-47*`,
    });
    expect(filterFromInput(PRIORITY, { ...EMPTY, choices: ['Low', 'Urgent'] })).toEqual({
      ok: true,
      value: `${PRIORITY.id}:Low,Urgent`,
    });
    expect(filterFromInput(PALLETS, { ...EMPTY, min: '3', max: '' })).toEqual({
      ok: true,
      value: `${PALLETS.id}:3..`,
    });
    expect(filterFromInput(BOOKED, { ...EMPTY, min: '2026-01-01', max: '2026-02-01' })).toEqual({
      ok: true,
      value: `${BOOKED.id}:2026-01-01..2026-02-01`,
    });
    expect(filterFromInput(PALLETS, { ...EMPTY, min: '5', max: '1' })).toMatchObject({ ok: false });
    expect(filterFromInput(PO, EMPTY)).toEqual({ ok: false, message: 'Type the beginning of the value.' });
    expect(filterFromInput(PRIORITY, EMPTY)).toMatchObject({ ok: false });
  });

  it('picks a field and a value with the keyboard, shows a chip, and removes it', async () => {
    const seen: string[][] = [];
    render(<Harness seen={seen} />, { wrapper: TestProviders });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Field filter' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getAllByLabelText('Field')[0]!);
    await user.click(await screen.findByRole('option', { name: 'PO' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Starts with' }), 'PO-47{Enter}');
    expect(seen).toEqual([[`${PO.id}:PO-47*`]]);
    const remove = screen.getByRole('button', { name: 'Remove the filter PO starts with PO-47' });
    await user.click(remove);
    expect(seen.at(-1)).toEqual([]);
    expect(screen.queryByTestId('custom-field-filter')).not.toBeInTheDocument();
  });

  it('replaces a field’s filter rather than adding a second, and describes ranges', async () => {
    const seen: string[][] = [];
    render(<Harness seen={seen} initial={[`${PALLETS.id}:3..10`, `${BOOKED.id}:..2026-02-01`]} />, {
      wrapper: TestProviders,
    });
    expect(screen.getByText('Pallets 3 to 10')).toBeInTheDocument();
    expect(screen.getByText('Booked on up to 01/02/2026')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Field filter' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getAllByLabelText('Field')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Pallets' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'From' }), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(seen.at(-1)).toEqual([`${BOOKED.id}:..2026-02-01`, `${PALLETS.id}:5..`]);
  });
});
