import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AVATAR_MAX_BYTES } from '@tracklane/shared/auth/auth.schema';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserTimeZone } from '../lib/dates';
import { mockApi, ok, refusal, testUser } from '../test/http';
import { renderRoutes } from '../test/render';
import { signInAsAgreedUser } from '../test/session';
import { appRoutes } from './router';
import { testApp } from '../test/app';

const PROFILE = '/settings/profile';

beforeEach(() => {
  signInAsAgreedUser({ ...testUser, timeZone: 'Asia/Kolkata' });
});

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('profile settings: details', () => {
  it('saves only after a change, then updates the user everywhere and says "Profile saved"', async () => {
    const server = mockApi({
      'PATCH /api/users/profile': ({ body }) => ok({ ...testUser, ...(body as object) }, 'Profile saved'),
    });
    renderRoutes(appRoutes, PROFILE);
    const user = userEvent.setup();
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue('ada@example.com');
    expect(screen.getByLabelText(/^E-mail/)).toHaveAttribute('readonly');

    const firstName = screen.getByLabelText(/^First name/);
    await user.clear(firstName);
    await user.type(firstName, '  Augusta ');
    expect(save).toBeEnabled();
    await user.click(save);

    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(server.callsTo('PATCH /api/users/profile')[0]!.body).toEqual({
      firstName: 'Augusta',
      lastName: 'Lovelace',
      timeZone: 'Asia/Kolkata',
    });
    expect(testApp().authStore.getState().user).toMatchObject({ firstName: 'Augusta' });
    expect(within(screen.getByTestId('top-bar')).getByText('Augusta Lovelace')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
  });

  it('refuses an empty name with the server’s own message, without a request', async () => {
    const server = mockApi({});
    renderRoutes(appRoutes, PROFILE);
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText(/^Last name/));
    await user.type(screen.getByLabelText(/^Last name/), '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Last name is required')).toBeInTheDocument();
    expect(server.callsTo('PATCH /api/users/profile')).toHaveLength(0);
  });

  it('offers the browser’s time zone and saves it', async () => {
    const server = mockApi({
      'PATCH /api/users/profile': ({ body }) => ok({ ...testUser, ...(body as object) }),
    });
    renderRoutes(appRoutes, PROFILE);
    const user = userEvent.setup();
    const zone = browserTimeZone();

    await user.click(await screen.findByRole('button', { name: `Use browser time zone (${zone})` }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(server.callsTo('PATCH /api/users/profile')).toHaveLength(1));
    expect(server.callsTo('PATCH /api/users/profile')[0]!.body).toMatchObject({ timeZone: zone });
    await waitFor(() => expect(testApp().authStore.getState().user?.timeZone).toBe(zone));
  });

  it("shows the server's refusal", async () => {
    mockApi({ 'PATCH /api/users/profile': refusal(400, 'VALIDATION', 'Unknown time zone') });
    renderRoutes(appRoutes, PROFILE);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^First name/), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown time zone');
  });
});

describe('profile settings: photo', () => {
  it('uploads an image and shows it, in the avatar menu too', async () => {
    const avatar = '/api/files/avatars/u-1-abc123.png';
    const server = mockApi({ 'POST /api/users/avatar': ok({ ...testUser, avatar }, 'Avatar updated') });
    renderRoutes(appRoutes, PROFILE);
    await screen.findByRole('button', { name: 'Upload photo' });

    await userEvent.setup().upload(fileInput(), new File(['png'], 'me.png', { type: 'image/png' }));

    expect(await screen.findByText('Photo updated')).toBeInTheDocument();
    const form = server.callsTo('POST /api/users/avatar')[0]!.body as FormData;
    expect((form.get('file') as File).name).toBe('me.png');
    expect(testApp().authStore.getState().user?.avatar).toBe(avatar);
    expect(screen.getByTestId('user-menu').querySelector('img')).toHaveAttribute('src', avatar);
    expect(screen.getByTestId('profile-avatar').querySelector('img')).toHaveAttribute('src', avatar);
    expect(screen.getByRole('button', { name: 'Change photo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
  });

  it('refuses a file that is too large or not an image before uploading', async () => {
    const server = mockApi({});
    renderRoutes(appRoutes, PROFILE);
    await screen.findByRole('button', { name: 'Upload photo' });
    const user = userEvent.setup({ applyAccept: false });

    await user.upload(
      fileInput(),
      new File([new Uint8Array(AVATAR_MAX_BYTES + 1)], 'big.png', { type: 'image/png' }),
    );
    expect(await screen.findByTestId('avatar-error')).toHaveTextContent('File too large');

    await user.upload(fileInput(), new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(await screen.findByTestId('avatar-error')).toHaveTextContent(
      'File type not supported. Use a JPEG, PNG or GIF image.',
    );
    expect(server.callsTo('POST /api/users/avatar')).toHaveLength(0);
  });

  it("shows the server's verdict on the file's real content", async () => {
    mockApi({
      'POST /api/users/avatar': refusal(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'File type not supported. Use a JPEG, PNG or GIF image.',
      ),
    });
    renderRoutes(appRoutes, PROFILE);
    await screen.findByRole('button', { name: 'Upload photo' });
    await userEvent.setup().upload(fileInput(), new File(['not really'], 'fake.png', { type: 'image/png' }));
    expect(await screen.findByTestId('avatar-error')).toHaveTextContent('File type not supported.');
  });

  it('removes the photo', async () => {
    signInAsAgreedUser({ ...testUser, avatar: '/api/files/avatars/u-1-abc123.png' });
    const server = mockApi({
      'DELETE /api/users/avatar': ok({ ...testUser, avatar: null }, 'Avatar removed'),
    });
    renderRoutes(appRoutes, PROFILE);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Photo removed')).toBeInTheDocument();
    expect(server.callsTo('DELETE /api/users/avatar')).toHaveLength(1);
    expect(testApp().authStore.getState().user?.avatar).toBeNull();
  });
});
