import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CopyButton,
  Divider,
  Group,
  Modal,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconLink, IconTrash, IconUserShare } from '@tabler/icons-react';
import { emailSchema } from '@tracklane/shared/auth/auth.schema';
import {
  SHARE_MAX_RECIPIENTS,
  SHARE_MAX_SHIPMENTS,
  SHARING_MESSAGES,
  type CreatedShareLink,
  type CreateSharesRequest,
  type SentShareState,
} from '@tracklane/shared/sharing/sharing.schema';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useCreateShares } from '../api/create-shares';
import { useSentShares } from '../api/list-sent-shares';
import { useRevokeShare } from '../api/revoke-share';
import { useCreateShareLink, useRevokeShareLink, useShareLinks } from '../api/share-links';

/** One shipment a dialog shares, and how the API names it (spec §3 Shared/invited shipment selection). */
export interface ShareShipment<Selection> {
  shipmentId: string;
  number: string;
  selection: Selection;
}

/** The shipments a dialog shares: one (its detail page) or many (a list's selection), of one mode. */
export type ShareSet =
  | { mode: 'ocean'; shipments: ShareShipment<{ containerNo: string; mblNo: string }>[] }
  | { mode: 'express'; shipments: ShareShipment<{ trackingNo: string; expressOrderId: string }>[] };

interface ShareDialogProps {
  target: ShareSet;
  opened: boolean;
  onClose: () => void;
  ownEmail: string;
  timeZone: string;
}

const EXPIRY = [
  { value: '', label: 'Never (until revoked)' },
  { value: '1', label: '1 day' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
];

const errorText = (error: unknown) =>
  isApiError(error) ? error.message : 'Something went wrong. Please try again.';

function emailProblem(emails: string[], ownEmail: string): string | null {
  const bad = emails.find((e) => !emailSchema.safeParse(e).success);
  if (bad) return `${bad} is not a valid e-mail address.`;
  if (emails.some((e) => e.toLowerCase() === ownEmail.toLowerCase())) return SHARING_MESSAGES.yourself;
  return null;
}

/** Whether a recipient has opened what was shared: all the sharer learns of them. */
const STATE_LOOK: Record<SentShareState, { label: string; color: string; hint: string }> = {
  pending: { label: 'Pending', color: 'gray', hint: 'Not opened yet' },
  opened: { label: 'Opened', color: 'teal', hint: 'The recipient has opened it' },
};

/** What stops the set from being shared at all: none, or more than a request takes. */
function setProblem(count: number): string | null {
  if (count === 0) return SHARING_MESSAGES.noShipments;
  if (count > SHARE_MAX_SHIPMENTS) {
    const over = count - SHARE_MAX_SHIPMENTS;
    return `${SHARING_MESSAGES.tooManyShipments} ${String(count)} are selected: select ${String(over)} fewer, or share them in parts.`;
  }
  return null;
}

/**
 * Share one shipment or a set with people by e-mail, and publish it under a public link. For one
 * shipment it also lists, and revokes, who it is shared with and its links.
 */
export function ShareDialog({ target, opened, onClose, ownEmail, timeZone }: ShareDialogProps) {
  // A phone gets the whole screen: two sections and a link to copy do not fit a floating card.
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const count = target.shipments.length;
  const single = count === 1 ? target.shipments[0]! : null;
  const problem = setProblem(count);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen={phone}
      title={
        single ? (
          <Text fw={650}>
            Share{' '}
            <Text span ff="monospace" fw={650}>
              {single.number}
            </Text>
          </Text>
        ) : (
          <Text fw={650}>Share {count} shipments</Text>
        )
      }
      size="lg"
      data-testid="share-dialog"
    >
      <Stack gap="lg">
        {single ? null : (
          <ScrollArea.Autosize mah={132} type="auto" offsetScrollbars>
            <Group gap={6} role="list" aria-label="Shipments to share" data-testid="share-set">
              {target.shipments.map((s) => (
                <Badge
                  key={s.shipmentId}
                  role="listitem"
                  variant="default"
                  radius="sm"
                  size="lg"
                  tt="none"
                  ff="monospace"
                  fw={500}
                >
                  {s.number}
                </Badge>
              ))}
            </Group>
          </ScrollArea.Autosize>
        )}
        {problem ? (
          <Alert color="red" variant="light" role="alert" data-testid="share-set-problem">
            {problem}
          </Alert>
        ) : null}
        <PeopleSection
          target={target}
          single={single}
          blocked={problem !== null}
          ownEmail={ownEmail}
          timeZone={timeZone}
        />
        <Divider />
        <LinksSection target={target} single={single} blocked={problem !== null} timeZone={timeZone} />
      </Stack>
    </Modal>
  );
}

interface SectionProps {
  target: ShareSet;
  /** The one shipment shared, whose people and links are listed; null for a set. */
  single: ShareShipment<unknown> | null;
  /** The set cannot be shared (too many shipments): nothing can be sent. */
  blocked: boolean;
  timeZone: string;
}

function PeopleSection({ target, single, blocked, ownEmail, timeZone }: SectionProps & { ownEmail: string }) {
  const [emails, setEmails] = useState<string[]>([]);
  const [failed, setFailed] = useState<string | null>(null);
  const create = useCreateShares();
  const people = useSentShares(target.mode, single?.shipmentId ?? null);
  const revoke = useRevokeShare(target.mode);
  const problem = emailProblem(emails, ownEmail);

  const submit = () => {
    setFailed(null);
    const input: CreateSharesRequest =
      target.mode === 'ocean'
        ? { shipmentType: 'ocean', shipments: target.shipments.map((s) => s.selection), emails }
        : { shipmentType: 'express', shipments: target.shipments.map((s) => s.selection), emails };
    create.mutate(input, {
      // The same answer whether or not the addresses have accounts: sharing tells no one who is registered.
      onSuccess: (result) => {
        setEmails([]);
        notifications.show({ color: 'teal', message: SHARING_MESSAGES.sharedWith(result.recipients) });
      },
      onError: (error) => setFailed(errorText(error)),
    });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="share-people-title">
      <Group gap={8}>
        <IconUserShare size={18} aria-hidden />
        <Text id="share-people-title" fw={600}>
          Share with people
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        They see {single ? 'this shipment' : 'these shipments'} read-only with live tracking, in their shared
        history. People without an account get a sign-up link.
      </Text>
      <TagsInput
        label="E-mail addresses"
        placeholder={emails.length ? '' : 'name@company.com, press Enter'}
        value={emails}
        onChange={(value) => setEmails(value.map((v) => v.trim()).filter(Boolean))}
        splitChars={[',', ' ', ';']}
        maxTags={SHARE_MAX_RECIPIENTS}
        clearable
        acceptValueOnBlur
        error={emails.length ? problem : null}
        data-testid="share-emails"
      />
      {failed ? (
        <Alert color="red" variant="light" role="alert">
          {failed}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button
          onClick={submit}
          disabled={blocked || emails.length === 0 || problem !== null}
          loading={create.isPending}
        >
          Share
        </Button>
      </Group>
      {!single ? (
        <Text size="sm" c="dimmed">
          Who each shipment is shared with, and stopping it, is under Share on the shipment&apos;s page.
        </Text>
      ) : people.isPending ? (
        <Skeleton height={40} radius="md" />
      ) : people.isError ? (
        <Text size="sm" c="red">
          Could not load who this is shared with.{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void people.refetch()}>
            Try again
          </Button>
        </Text>
      ) : people.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Not shared with anyone yet.
        </Text>
      ) : (
        <Stack gap={4} role="list" aria-label="Shared with" data-testid="shared-with">
          {people.data.map((share) => (
            <Group
              key={share.id}
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              role="listitem"
              data-testid="shared-with-row"
            >
              <div style={{ minWidth: 0 }}>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                    {share.email}
                  </Text>
                  <Tooltip label={STATE_LOOK[share.state].hint}>
                    <Badge
                      size="sm"
                      variant="light"
                      color={STATE_LOOK[share.state].color}
                      style={{ flexShrink: 0 }}
                    >
                      {STATE_LOOK[share.state].label}
                    </Badge>
                  </Tooltip>
                </Group>
                <Text size="xs" c="dimmed">
                  By {share.sharedBy} · {formatDate(share.sharedAt, timeZone)}
                </Text>
              </div>
              <Tooltip label="Stop sharing">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Stop sharing with ${share.email}`}
                  loading={revoke.isPending && revoke.variables === share.id}
                  onClick={() =>
                    revoke.mutate(share.id, {
                      onSuccess: () =>
                        notifications.show({
                          color: 'gray',
                          message: `No longer shared with ${share.email}`,
                        }),
                      onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
                    })
                  }
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function LinksSection({ target, single, blocked, timeZone }: SectionProps) {
  const [expiry, setExpiry] = useState('');
  const [created, setCreated] = useState<CreatedShareLink | null>(null);
  const links = useShareLinks(target.mode, single?.shipmentId ?? null);
  const create = useCreateShareLink();
  const revoke = useRevokeShareLink(target.mode);

  return (
    <Stack gap="sm" component="section" aria-labelledby="share-link-title">
      <Group gap={8}>
        <IconLink size={18} aria-hidden />
        <Text id="share-link-title" fw={600}>
          Public link
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        Anyone with the link sees the milestones, ETA and map of{' '}
        {single ? 'this shipment' : `these ${String(target.shipments.length)} shipments`}, without signing in.
        No comments, members, notes or workspace names are shown.
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Expires after"
          data={EXPIRY}
          value={expiry}
          onChange={(value) => setExpiry(value ?? '')}
          allowDeselect={false}
          w={220}
          maw="100%"
        />
        <Button
          variant="default"
          leftSection={<IconLink size={16} />}
          loading={create.isPending}
          disabled={blocked}
          onClick={() =>
            create.mutate(
              {
                shipmentType: target.mode,
                shipmentIds: target.shipments.map((s) => s.shipmentId),
                ...(expiry ? { expiresInDays: Number(expiry) } : {}),
              },
              {
                onSuccess: setCreated,
                onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
              },
            )
          }
        >
          Create link
        </Button>
      </Group>
      {created ? (
        <Alert color="teal" variant="light" title="Link created: copy it now" data-testid="created-link">
          <Stack gap={6}>
            <Text size="sm">For safety only a fingerprint of it is kept, so it cannot be shown again.</Text>
            <Group gap={6} wrap="nowrap">
              <TextInput
                value={created.url}
                readOnly
                aria-label="Share link"
                style={{ flex: 1, minWidth: 0 }}
                onFocus={(event) => event.currentTarget.select()}
                data-testid="created-link-url"
              />
              <CopyButton value={created.url}>
                {({ copied, copy }) => (
                  <Button
                    onClick={copy}
                    variant="filled"
                    color={copied ? 'teal' : undefined}
                    leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  >
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {!single ? (
        <Text size="sm" c="dimmed">
          A link of several shipments is listed, and can be revoked, under Share on each of their pages.
        </Text>
      ) : null}
      {links.data && links.data.length > 0 ? (
        <Stack gap={4} data-testid="share-links">
          {links.data.map((link) => {
            const state = { live: 'Live', expired: 'Expired', revoked: 'Revoked' }[link.state];
            return (
              <Group key={link.id} justify="space-between" wrap="nowrap" gap="sm">
                <div style={{ minWidth: 0 }}>
                  <Group gap={6}>
                    <Badge size="sm" variant="light" color={state === 'Live' ? 'teal' : 'gray'}>
                      {state}
                    </Badge>
                    <Text size="sm">Created {formatDateTime(link.createdAt, timeZone)}</Text>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {link.createdBy ? `By ${link.createdBy} · ` : ''}
                    {link.expiresAt ? `Expires ${formatDateTime(link.expiresAt, timeZone)}` : 'Never expires'}
                  </Text>
                </div>
                {state === 'Live' ? (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    loading={revoke.isPending && revoke.variables === link.id}
                    onClick={() =>
                      revoke.mutate(link.id, {
                        onSuccess: () => notifications.show({ color: 'gray', message: 'Link revoked' }),
                        onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
                      })
                    }
                  >
                    Revoke
                  </Button>
                ) : null}
              </Group>
            );
          })}
        </Stack>
      ) : null}
    </Stack>
  );
}
