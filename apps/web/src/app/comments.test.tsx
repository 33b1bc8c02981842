import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  Comment,
  CommentMention,
  CommentMentionPage,
  MentionableMember,
} from '@tracklane/shared/comments/comments.schema';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../test/fake-api';
import { expressShipmentDetail } from '../test/express-shipment-fixtures';
import { testUser } from '../test/http';
import { oceanShipmentDetail } from '../test/ocean-shipment-fixtures';
import { acme, acmeDefault, acmeImports, selectionOf } from '../test/organization-fixtures';
import { renderRoutes } from '../test/render';
import { signInAsAgreedUser } from '../test/session';
import { appRoutes } from './router';

const SHIPMENT_ID = 's-ocean-1';
const OCEAN_PATH = '/shipment/ocean/MSCU1234566/MEDU12345678';
const THREAD = `GET /api/comments/ocean/${SHIPMENT_ID}`;
const ADA = '22222222-2222-4222-8222-222222222222';
/** The reader: a user id that mention tokens can name. */
const me = {
  ...testUser,
  id: '11111111-1111-4111-8111-111111111111',
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
};

const comment = (fields: Partial<Comment> = {}): Comment => ({
  id: 'c-1',
  content: 'Booked on the next sailing',
  author: { userId: ADA, firstName: 'Ada', lastName: 'Lovelace', imageUrl: null },
  createdAt: '2026-11-24T10:00:00.000Z',
  editedAt: null,
  canEdit: false,
  canDelete: false,
  ...fields,
});

const members: MentionableMember[] = [
  {
    userId: me.id,
    firstName: me.firstName,
    lastName: me.lastName,
    email: me.email,
    imageUrl: null,
  },
  { userId: ADA, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', imageUrl: null },
];

const mention = (fields: Partial<CommentMention> = {}): CommentMention => ({
  id: 'm-1',
  commentId: 'c-2',
  mentionedBy: { userId: ADA, firstName: 'Ada', lastName: 'Lovelace', imageUrl: null },
  createdAt: '2026-11-24T11:00:00.000Z',
  organizationId: 'o-1',
  workspaceId: 'w-2',
  workspaceName: 'Imports Europe',
  shipmentType: 'ocean',
  containerNo: 'MSCU1234566',
  mblNo: 'MEDU12345678',
  expressOrderId: null,
  orderNo: null,
  excerpt: 'Can you check the customs hold? @Grace Hopper',
  isRead: false,
  ...fields,
});

const mentionPage = (
  atList: CommentMention[],
  fields: Partial<CommentMentionPage> = {},
): CommentMentionPage => ({
  atList,
  pageNo: 1,
  pageSize: 10,
  totalNumber: atList.length,
  totalPage: Math.ceil(atList.length / 10),
  unreadNumber: atList.filter((m) => !m.isRead).length,
  ...fields,
});

function server(routes: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/workspaces/get': ok([acme]),
    'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
    'GET /api/workspaces/invite/list': ok([]),
    'GET /api/notification/get': ok({
      notifications: [],
      totalNumber: 0,
      unreadNumber: 0,
      pageNo: 1,
      pageSize: 10,
    }),
    'POST /api/comments/at/list': ok(mentionPage([])),
    'GET /api/shipments/ocean/MSCU1234566/MEDU12345678': ok(
      oceanShipmentDetail({ shipmentOverallId: SHIPMENT_ID }),
    ),
    'GET /api/comments/mentionable': ok(members),
    ...routes,
  });
}

const scrolled = vi.fn();
beforeAll(() => {
  Element.prototype.scrollIntoView = scrolled;
});

beforeEach(() => {
  signInAsAgreedUser(me);
  scrolled.mockClear();
});

describe('the Comments tab', () => {
  it('opens from ?tab=comments, newest last, scrolled to and highlighting the linked comment', async () => {
    server({
      [THREAD]: ok({
        comments: [
          comment(),
          comment({
            id: 'c-2',
            content: `Hold at customs @[Grace Hopper](${me.id})`,
            editedAt: '2026-11-24T12:00:00.000Z',
          }),
        ],
        canComment: true,
      }),
    });
    renderRoutes(appRoutes, `${OCEAN_PATH}?tab=comments&timeZone=UTC&comment=c-2`);
    expect(await screen.findByRole('tab', { name: 'Comments' })).toHaveAttribute('aria-selected', 'true');
    const items = await screen.findAllByTestId('comment');
    expect(items.map((li) => within(li).getByTestId('comment-body').textContent)).toEqual([
      'Booked on the next sailing',
      'Hold at customs @Grace Hopper',
    ]);
    expect(items[1]).toHaveAttribute('data-highlighted');
    expect(items[0]).not.toHaveAttribute('data-highlighted');
    expect(within(items[1]!).getByText('(edited)')).toBeInTheDocument();
    // The reader's own mention is a chip of its own.
    expect(within(items[1]!).getByTestId('mention-chip')).toHaveAttribute('data-me');
    expect(within(items[0]!).getByText('24/11/2026 10:00')).toBeInTheDocument();
    await waitFor(() => expect(scrolled).toHaveBeenCalled());
  });

  it('shows stored markup as text, never as HTML', async () => {
    server({
      [THREAD]: ok({
        comments: [
          comment({ content: '&lt;img src=x onerror=alert(1)&gt; &lt;script&gt;alert(2)&lt;/script&gt;' }),
        ],
        canComment: true,
      }),
    });
    renderRoutes(appRoutes, `${OCEAN_PATH}?tab=comments`);
    const body = await screen.findByTestId('comment-body');
    expect(body.textContent).toBe('<img src=x onerror=alert(1)> <script>alert(2)</script>');
    expect(body.querySelector('img, script')).toBeNull();
  });

  it('deletes the reader’s own comment once the confirmation says so', async () => {
    const api = server({
      [THREAD]: ok({ comments: [comment({ canDelete: true })], canComment: true }),
      'DELETE /api/comments/c-1': ok({ id: 'c-1' }),
    });
    const user = userEvent.setup();
    renderRoutes(appRoutes, `${OCEAN_PATH}?tab=comments`);
    await user.click(await screen.findByRole('button', { name: 'Actions for the comment by Ada Lovelace' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));

    // Asked first, in the thread's own dialog host: cancelling deletes nothing.
    const dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /api/comments/c-1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Actions for the comment by Ada Lovelace' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const again = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/comments/c-1')).toHaveLength(1));
    // The thread is asked again once the delete is done.
    await waitFor(() => expect(api.callsTo(THREAD)).toHaveLength(2));
    expect(screen.queryByText('Could not delete the comment')).not.toBeInTheDocument();
  });

  it('says how to start when there is nothing yet', async () => {
    server({ [THREAD]: ok({ comments: [], canComment: true }) });
    renderRoutes(appRoutes, `${OCEAN_PATH}?tab=comments`);
    expect(await screen.findByTestId('comments-empty-thread')).toHaveTextContent('No comments yet');
  });

  it('mentions with the keyboard: @, arrows, Enter; posts the token, not the list', async () => {
    const api = server({
      [THREAD]: ok({ comments: [], canComment: true }),
      [`POST /api/comments/ocean/${SHIPMENT_ID}`]: (call) =>
        ok(comment({ id: 'c-9', content: (call.body as { content: string }).content, canEdit: true })),
    });
    renderRoutes(appRoutes, `${OCEAN_PATH}?tab=comments`);
    const input = await screen.findByRole('textbox', { name: 'Add a comment' });
    const user = userEvent.setup();
    await user.type(input, 'Please check @');
    const options = await screen.findByTestId('mention-options');
    expect(
      within(options)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['GHGrace Hoppergrace@example.com', 'ALAda Lovelaceada@example.com']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(input).toHaveValue('Please check @Ada Lovelace ');
    await user.type(input, 'today');
    // Escape closes an open list without touching the text.
    await user.type(input, ' @a');
    await screen.findByTestId('mention-options');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('option')).toBeNull());
    await user.clear(input);
    await user.type(input, 'Please check @ada');
    await user.keyboard('{Enter}');
    await user.type(input, 'today');
    fireEvent.keyDown(input, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(api.callsTo(`POST /api/comments/ocean/${SHIPMENT_ID}`)).toHaveLength(1));
    expect(api.callsTo(`POST /api/comments/ocean/${SHIPMENT_ID}`)[0]!.body).toEqual({
      content: `Please check @[Ada Lovelace](${ADA}) today`,
    });
    await waitFor(() => expect(input).toHaveValue(''));
  });

  it('opens on the express detail page too', async () => {
    const id = '00000000-0000-4000-9000-0000000000aa';
    server({
      [`GET /api/shipments/express/${id}/1Z999`]: ok(
        expressShipmentDetail({ expressOrderId: id, expressOrderNo: '1Z999' }),
      ),
      [`GET /api/comments/express/${id}`]: ok({ comments: [comment()], canComment: false }),
    });
    renderRoutes(appRoutes, `/shipment/truck/express/${id}/1Z999?tab=comments`);
    expect(await screen.findByRole('tab', { name: 'Comments' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByTestId('comment')).toHaveTextContent('Booked on the next sailing');
    // A thread the reader may not write in has no editor.
    expect(screen.queryByRole('textbox', { name: 'Add a comment' })).toBeNull();
  });
});

describe('the bell COMMENTS tab', () => {
  it('counts unread mentions, loads 10 more on demand, and opens one on its comment', async () => {
    const first = Array.from({ length: 10 }, (_, i) =>
      mention({ id: `m-${String(i)}`, commentId: `c-${String(i)}`, isRead: i > 0 }),
    );
    const api = server({
      'POST /api/comments/at/list': (call) =>
        (call.body as { pageNo: number }).pageNo === 1
          ? ok(mentionPage(first, { totalNumber: 12, totalPage: 2, unreadNumber: 1 }))
          : ok(
              mentionPage([mention({ id: 'm-10', commentId: 'c-10', isRead: true, excerpt: 'Older one' })], {
                pageNo: 2,
                totalNumber: 12,
                totalPage: 2,
                unreadNumber: 1,
              }),
            ),
      'POST /api/comments/at/read': ok({ unreadNumber: 0 }),
      'POST /api/workspaces/currentId': ok(selectionOf(acmeImports)),
      [THREAD]: ok({ comments: [], canComment: true }),
    });
    const { router } = renderRoutes(appRoutes, '/dashboard/ocean');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const dropdown = await screen.findByTestId('notification-dropdown');
    // The only unread item is a mention: the bell opens on its tab, which says how many.
    expect(within(dropdown).getByRole('tab', { name: 'COMMENTS, 1 unread' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(dropdown).getByRole('tab', { name: 'SHIPMENTS' })).toHaveAttribute(
      'aria-selected',
      'false',
    );
    expect(await within(dropdown).findAllByTestId('comment-mention-item')).toHaveLength(10);
    expect(api.callsTo('POST /api/comments/at/list')[0]!.body).toEqual({ pageNo: 1, pageSize: 10 });
    await userEvent.click(within(dropdown).getByRole('button', { name: 'Load more' }));
    await within(dropdown).findByText('Older one');
    expect(within(dropdown).getAllByTestId('comment-mention-item')).toHaveLength(11);
    expect(within(dropdown).queryByRole('button', { name: 'Load more' })).toBeNull();

    await userEvent.click(within(dropdown).getAllByTestId('comment-mention-item')[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe(OCEAN_PATH));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('tab')).toBe('comments');
    expect(search.get('comment')).toBe('c-0');
    expect(search.get('timeZone')).toBeTruthy();
    expect(api.callsTo('POST /api/comments/at/read')[0]!.body).toEqual({
      organizationId: 'o-1',
      commentId: 'c-0',
    });
    // The comment lives in another workspace of the user: switched there first.
    expect(api.callsTo('POST /api/workspaces/currentId')[0]!.body).toEqual({ workspaceId: 'w-2' });
  });

  it('says what the tab is for when nobody mentioned the user', async () => {
    server();
    renderRoutes(appRoutes, '/dashboard/ocean');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    const dropdown = await screen.findByTestId('notification-dropdown');
    await userEvent.click(within(dropdown).getByRole('tab', { name: /^COMMENTS/ }));
    expect(await within(dropdown).findByTestId('comments-empty')).toHaveTextContent('No mentions yet');
  });
});
