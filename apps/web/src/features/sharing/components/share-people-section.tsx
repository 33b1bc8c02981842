import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Skeleton,
  Stack,
  TagsInput,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash, IconUserShare } from '@tabler/icons-react';
import { emailSchema } from '@tracklane/shared/auth/auth.schema';
import {
  SHARE_MAX_RECIPIENTS,
  SHARING_MESSAGES,
  type SentShareState,
} from '@tracklane/shared/sharing/sharing.schema';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import type { ShareSet, ShareShipment } from '../utils/share-set';
import { useCreateShares } from '../api/create-shares';
import { useSentShares } from '../api/list-sent-shares';
import { useRevokeShare } from '../api/revoke-share';

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

export interface SectionProps {
  target: ShareSet;
  /** The one shipment shared, whose people and links are listed; null for a set. */
  single: ShareShipment | null;
  /** The set cannot be shared (too many shipments): nothing can be sent. */
  blocked: boolean;
  timeZone: string;
}

/** Share with people by e-mail; for one shipment, who it is shared with and whether they opened it. */
export function PeopleSection({
  target,
  single,
  blocked,
  ownEmail,
  timeZone,
}: SectionProps & { ownEmail: string }) {
  const [emails, setEmails] = useState<string[]>([]);
  const [failed, setFailed] = useState<string | null>(null);
  const create = useCreateShares();
  const people = useSentShares(target.mode, single?.shipmentId ?? null);
  const revoke = useRevokeShare(target.mode);
  const problem = emailProblem(emails, ownEmail);

  const submit = () => {
    setFailed(null);
    create.mutate(target.request(emails), {
      // The same answer whether or not the addresses have accounts: sharing tells no one who is registered.
      onSuccess: (result) => {
        setEmails([]);
        notifications.show({ color: 'teal', message: SHARING_MESSAGES.sharedWith(result.recipients) });
      },
      onError: (error) => setFailed(errorMessage(error)),
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
                      onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
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
