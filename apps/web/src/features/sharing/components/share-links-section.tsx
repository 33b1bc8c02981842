import {
  Alert,
  Badge,
  Button,
  Checkbox,
  CopyButton,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconLink } from '@tabler/icons-react';
import { type CreatedShareLink } from '@tracklane/shared/sharing/sharing.schema';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { type SectionProps } from './share-people-section';
import { useCreateShareLink, useRevokeShareLink, useShareLinks } from '../api/share-links';

const EXPIRY = [
  { value: '', label: 'Never (until revoked)' },
  { value: '1', label: '1 day' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
];

/** Publish the set under a public link, with an expiry; for one shipment, its links to copy or revoke. */
export function LinksSection({ target, single, blocked, timeZone }: SectionProps) {
  const [expiry, setExpiry] = useState('');
  // Off unless ticked: references and custom fields are the workspace's own (ADR 0055).
  const [includeReferences, setIncludeReferences] = useState(false);
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
      <Checkbox
        label="Include references and custom fields"
        description="Booking number, customer reference, PO numbers, parties and the workspace’s custom field values. Off: none of them are shown."
        checked={includeReferences}
        onChange={(event) => setIncludeReferences(event.currentTarget.checked)}
        data-testid="share-include-references"
      />
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
                includeReferences,
              },
              {
                onSuccess: setCreated,
                onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
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
                    {link.includeReferences ? (
                      <Badge size="sm" variant="outline" color="gray">
                        With references
                      </Badge>
                    ) : null}
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
                        onError: (error) =>
                          notifications.show({ color: 'red', message: errorMessage(error) }),
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
