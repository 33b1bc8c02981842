import { Menu, TextInput, UnstyledButton } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { TargetAfterCommit } from './target-after-commit';

const accountMenu = (
  <Menu>
    <Menu.Target refProp="targetRef">
      <TargetAfterCommit>
        <UnstyledButton className="own-class" aria-label="Account menu">
          Ada
        </UnstyledButton>
      </TargetAfterCommit>
    </Menu.Target>
    <Menu.Dropdown>
      <Menu.Item>Profile Settings</Menu.Item>
      <Menu.Item>Log out</Menu.Item>
    </Menu.Dropdown>
  </Menu>
);

describe('TargetAfterCommit (issue #17)', () => {
  it('is the menu target: the menu opens from it by click and by keyboard, and it keeps its own class', async () => {
    const user = userEvent.setup();
    renderWithProviders(accountMenu);
    const trigger = screen.getByRole('button', { name: 'Account menu' });
    expect(trigger).toHaveClass('own-class');
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await user.click(trigger);
    expect(await screen.findByRole('menuitem', { name: 'Log out' })).toBeVisible();
    expect(trigger).toHaveAttribute('aria-expanded', 'true');

    // Escape closes it and gives the focus back to the target it was handed.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Log out' })).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Profile Settings' })).toBeVisible();
  });
});

describe("Mantine's ids (vite-plugin-stable-ids.ts, issue #17)", () => {
  it('a Mantine input renders once when it mounts, and keeps the id its label points to', () => {
    const phases: string[] = [];
    renderWithProviders(
      <Profiler id="input" onRender={(_id, phase) => phases.push(phase)}>
        <TextInput label="Container number" />
      </Profiler>,
    );
    // Mantine's own useId replaced React's id with a random one in a layout effect: a second render.
    expect(phases).toEqual(['mount']);
    const input = screen.getByLabelText('Container number');
    expect(input.id).toMatch(/^mantine-/);
  });
});
