import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FeedbackButton } from '../features/feedback/components/feedback-button';
import { fail, fakeApi, ok } from '../test/fake-api';
import { renderWithProviders } from '../test/render';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const pngFile = (name: string, size = 64, type = 'image/png') => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG);
  return new File([bytes], name, { type });
};

async function openForm() {
  const user = userEvent.setup({ applyAccept: false });
  renderWithProviders(<FeedbackButton />);
  await user.click(screen.getByRole('button', { name: 'Send feedback' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send feedback' });
  return { user, dialog };
}

const fileInput = (dialog: HTMLElement) =>
  dialog.parentElement!.ownerDocument.querySelector('input[type="file"]')!;

describe('feedback', () => {
  beforeEach(() => {
    // jsdom has no layout: Mantine's combobox scrolls its options into view.
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('keeps Send disabled until there is text, then sends it and says so', async () => {
    const api = fakeApi({
      'POST /api/feedback': ok({ success: true }, 'Your Feedback has been sent'),
      'POST /api/_api/user-journey/post': ok({ recorded: true }),
    });
    const { user, dialog } = await openForm();
    const submit = within(dialog).getByRole('button', { name: 'Send feedback' });
    expect(submit).toBeDisabled();
    const editor = within(dialog).getByRole('textbox', { name: 'Your feedback' });
    await user.click(editor);
    await user.keyboard('   ');
    expect(submit).toBeDisabled();
    await user.keyboard('The map is empty');
    expect(submit).toBeEnabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Feature request' }));
    await user.click(submit);
    expect(await screen.findByRole('dialog', { name: 'Your Feedback has been sent' })).toBeVisible();
    const [call] = api.callsTo('POST /api/feedback');
    expect(call!.body).toMatchObject({ category: 'idea', files: [], pageUrl: '/' });
    expect((call!.body as { content: string }).content).toContain('The map is empty');
  });

  it('fills three slots at most, failing wrong types and sizes with the spec messages', async () => {
    fakeApi({});
    const { user, dialog } = await openForm();
    const input = fileInput(dialog) as HTMLInputElement;
    await user.upload(input, new File(['<html></html>'], 'page.html', { type: 'text/html' }));
    await user.upload(input, pngFile('huge.png', 5_000_001));
    await user.upload(input, pngFile('shot.png'));
    const slots = await screen.findAllByTestId('feedback-slot-status');
    await waitFor(() =>
      expect(slots.map((s) => s.textContent)).toEqual([
        'Failed: File type not supported',
        'Failed: File too large',
        expect.stringMatching(/^Completed · 64 B/),
      ]),
    );
    expect(within(dialog).getByRole('button', { name: 'Add image' })).toBeDisabled();
    // A web page named .png is read and refused by its bytes.
    await user.click(within(dialog).getByRole('button', { name: 'Remove page.html' }));
    await user.upload(input, new File(['<!doctype html>'], 'fake.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('feedback-slot-status').at(-1)).toHaveTextContent(
        'Failed: File type not supported',
      ),
    );
  });

  it('sends the completed images only', async () => {
    const api = fakeApi({
      'POST /api/feedback': ok({ success: true }),
      'POST /api/_api/user-journey/post': ok({ recorded: true }),
    });
    const { user, dialog } = await openForm();
    await user.click(within(dialog).getByRole('textbox', { name: 'Your feedback' }));
    await user.keyboard('See attached');
    const input = fileInput(dialog) as HTMLInputElement;
    await user.upload(input, pngFile('shot.gif', 64, 'image/gif'));
    await user.upload(input, pngFile('huge.png', 5_000_001));
    await waitFor(() =>
      expect(screen.getAllByTestId('feedback-slot-status')[0]).toHaveTextContent('Completed'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    await screen.findByRole('dialog', { name: 'Your Feedback has been sent' });
    const body = api.callsTo('POST /api/feedback')[0]!.body as { files: unknown[] };
    // A PNG named .gif goes as what it is.
    expect(body.files).toEqual([
      { content: expect.any(String), type: 'image/png', filename: 'shot.gif', disposition: 'attachment' },
    ]);
  });

  it('says something went wrong, with the support address, and keeps the text for another try', async () => {
    fakeApi({
      'POST /api/feedback': fail(500, 'INTERNAL', 'Something went wrong on our side. Please try again.'),
      'GET /api/meta': ok({ devMailbox: false, supportEmail: 'help@example.com' }),
    });
    const { user, dialog } = await openForm();
    await user.click(within(dialog).getByRole('textbox', { name: 'Your feedback' }));
    await user.keyboard('Broken');
    await user.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    const failed = await screen.findByRole('dialog', { name: 'Something went wrong' });
    await waitFor(() =>
      expect(within(failed).getByTestId('feedback-failed-text')).toHaveTextContent(
        'For some reason, your feedback was not able to be sent. Please try again or email us directly at help@example.com.',
      ),
    );
    expect(within(failed).getByRole('link', { name: 'help@example.com' })).toHaveAttribute(
      'href',
      'mailto:help@example.com',
    );
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    const again = await screen.findByRole('dialog', { name: 'Send feedback' });
    expect(within(again).getByRole('textbox', { name: 'Your feedback' })).toHaveTextContent('Broken');
  });

  it('shows the failure dialog when the server answers success false', async () => {
    fakeApi({
      'POST /api/feedback': ok({ success: false }),
      'GET /api/meta': ok({ devMailbox: true, supportEmail: null }),
    });
    const { user, dialog } = await openForm();
    await user.click(within(dialog).getByRole('textbox', { name: 'Your feedback' }));
    await user.keyboard('x');
    await user.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByRole('dialog', { name: 'Something went wrong' })).toBeVisible();
  });
});
