import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { LightSelect } from './light-select';

const carriers = [
  { value: 'MAEU', label: 'Maersk' },
  { value: 'MSCU', label: 'MSC' },
];

function Harness({
  initial = null,
  onChange,
}: {
  initial?: string | null;
  onChange?: (v: string | null) => void;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <button type="button">Before</button>
      <LightSelect
        aria-label="Carrier"
        placeholder="All carriers"
        data={carriers}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
        clearable
        searchable
      />
    </>
  );
}

/** The real Mantine select: a searchable text input. */
const realInput = () =>
  screen.queryByRole('textbox', { name: 'Carrier' }) ?? screen.queryByRole('combobox', { name: 'Carrier' });

describe('LightSelect: a filter select drawn light until used', () => {
  it('is a named combobox showing its placeholder, with no options mounted, until used', () => {
    renderWithProviders(<Harness />);
    const light = screen.getByRole('combobox', { name: 'Carrier' });
    expect(light.tagName).toBe('BUTTON');
    expect(light).toHaveTextContent('All carriers');
    expect(light).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('opens the real select on a click, and the choice is made there', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness onChange={onChange} />);

    await user.click(screen.getByRole('combobox', { name: 'Carrier' }));
    await user.click(await screen.findByRole('option', { name: 'MSC' }));

    expect(onChange).toHaveBeenCalledWith('MSCU');
    expect(realInput()).toHaveValue('MSC');
    expect(screen.getByRole('combobox', { name: 'Carrier' }).tagName).toBe('INPUT');
  });

  it('hands the focus to the real select when tabbed to, so typing searches at once', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);

    screen.getByRole('button', { name: 'Before' }).focus();
    await user.tab();
    const input = screen.getByRole('combobox', { name: 'Carrier' });
    expect(input.tagName).toBe('INPUT');
    expect(input).toHaveFocus();
    await user.keyboard('Mae');
    expect(await screen.findByRole('option', { name: 'Maersk' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'MSC' })).toBeNull();
  });

  it('is the real select from the start when it has a value (its clear button shows)', () => {
    renderWithProviders(<Harness initial="MAEU" />);
    expect(screen.getByRole('combobox', { name: 'Carrier' }).tagName).toBe('INPUT');
    expect(realInput()).toHaveValue('Maersk');
  });
});
