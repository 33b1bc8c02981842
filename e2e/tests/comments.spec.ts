import { randomInt } from 'node:crypto';
import { expect, newUserContext, test } from '../support/test';
import { type APIRequestContext } from '@playwright/test';
import { createSignedInUser } from '../support/accounts';
import { withCheckDigit } from '../support/containers';

async function result<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const json = (await response.json()) as { result: T; message: string };
  if (!response.ok()) throw new Error(`${response.url()}: ${json.message}`);
  return json.result;
}

test.describe('comments', () => {
  test('A mentions B on a demo shipment; B sees it in the bell without reloading, opens it and lands on the comment', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const viewport = { width: 1440, height: 900 };
    const authorContext = await newUserContext(browser, { viewport });
    const readerContext = await newUserContext(browser, { viewport });
    const author = await authorContext.newPage();
    const reader = await readerContext.newPage();
    const a = await createSignedInUser(author.request, 'author');
    const b = await createSignedInUser(reader.request, 'mentionee');

    // B hears of comments only: the shipment's own changes and the workspace's alert rules (the
    // container switch governs both) would otherwise arrive whenever the demo carrier answers. Set
    // before B joins A's workspace: a refresh landing between joining and this switch would count.
    const settings = await result<Record<string, unknown>>(
      await reader.request.get('/api/notification/settings'),
    );
    await result(
      await reader.request.put('/api/notification/settings', {
        data: { ...settings, containerNotifications: false },
      }),
    );

    // A follows a container on the demo carrier, in A's default workspace, and invites B there.
    const organizations = await result<{ workspaces: { workspaceId: string; isDefault: boolean }[] }[]>(
      await author.request.get('/api/workspaces/get'),
    );
    const workspaceId = organizations[0]!.workspaces.find((w) => w.isDefault)!.workspaceId;
    const containerNo = withCheckDigit(`MSCU${String(randomInt(100000, 999999))}`);
    const mblNo = `MEDU${String(randomInt(10_000_000, 99_999_999))}`;
    await result(
      await author.request.post('/api/shipments/ocean', { data: { items: [{ containerNo, mblNo }] } }),
    );
    await result(
      await author.request.post('/api/workspaces/invite/new', {
        data: { emails: [b.email], workspaceIds: [workspaceId] },
      }),
    );
    const [invitation] = await result<{ workspaceId: string; memberId: string }[]>(
      await reader.request.get('/api/workspaces/invite/list'),
    );
    await result(
      await reader.request.post('/api/workspaces/invite/confirm', {
        data: { workspaceId: invitation!.workspaceId, memberId: invitation!.memberId, joined: true },
      }),
    );

    // B works in their own workspace, the app open: nothing is waiting.
    await reader.goto('/dashboard/ocean');
    await expect(reader.getByTestId('main-shell')).toBeVisible();
    const badge = reader.getByTestId('bell-badge');
    await expect(badge).toHaveAttribute('data-count', '0');

    // A opens the shipment's Comments tab from its link (spec §2).
    await author.goto(`/shipment/ocean/${containerNo}/${mblNo}?tab=comments&timeZone=Europe%2FAmsterdam`);
    await expect(author.getByRole('tab', { name: 'Comments' })).toHaveAttribute('aria-selected', 'true');
    await expect(author.getByTestId('comments-empty-thread')).toBeVisible();
    const input = author.getByRole('textbox', { name: 'Add a comment' });

    // Markup and event handlers are stored and shown inert.
    await input.fill(
      'Seal <b>checked</b> <img src=x onerror="window.__xss=1"> ok & <script>window.__xss=2</script>done',
    );
    await author.getByRole('button', { name: 'Comment', exact: true }).click();
    const first = author.getByTestId('comment').first();
    await expect(first.getByTestId('comment-body')).toHaveText('Seal checked  ok & done');
    await expect(author.getByTestId('comment-thread').locator('img[src="x"], script')).toHaveCount(0);
    expect(await author.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

    // The mention, by keyboard: @, narrow by B's address, Enter picks; Ctrl+Enter posts.
    await input.click();
    await input.pressSequentially('Customs hold, please check @mentionee');
    const options = author.getByTestId('mention-options');
    await expect(options.getByRole('option')).toHaveCount(1);
    await expect(options).toContainText(b.email);
    await input.press('Enter');
    await expect(input).toHaveValue(`Customs hold, please check @${b.firstName} ${b.lastName} `);
    await input.pressSequentially('today');
    await input.press('Control+Enter');
    const mentionComment = author.getByTestId('comment').nth(1);
    await expect(mentionComment.getByTestId('mention-chip')).toHaveText(`@${b.firstName} ${b.lastName}`);

    // B's bell counts it, pushed over the socket: no reload.
    await expect(badge).toHaveAttribute('data-count', '1', { timeout: 20_000 });
    await expect(reader).toHaveURL(/\/dashboard\/ocean$/);
    await reader.getByTestId('notification-bell').click();
    await reader.getByRole('tab', { name: /^COMMENTS/ }).click();
    const item = reader.getByTestId('comment-mention-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(`${a.firstName} ${a.lastName} mentioned you on ${containerNo}`);
    await expect(item).toContainText('Customs hold, please check');
    await item.click();

    // B lands on the comment, in A's workspace (switched to it), and the mention is read.
    await expect(reader).toHaveURL(
      new RegExp(
        `/shipment/ocean/${containerNo}/${mblNo}\\?tab=comments&timeZone=[^&]+&comment=[0-9a-f-]{36}$`,
      ),
    );
    const landed = reader.locator('[data-testid="comment"][data-highlighted]');
    await expect(landed).toContainText('Customs hold, please check');
    await expect(landed).toBeInViewport();
    await expect(badge).toHaveAttribute('data-count', '0');

    // A replies; B's open thread shows it without a reload.
    await input.pressSequentially('Cleared at 14:00');
    await input.press('Control+Enter');
    await expect(reader.getByTestId('comment')).toHaveCount(3, { timeout: 20_000 });
    await expect(reader.getByTestId('comment').nth(2)).toContainText('Cleared at 14:00');

    await authorContext.close();
    await readerContext.close();
  });
});
