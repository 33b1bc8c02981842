import { Alert, Badge, Divider, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { SHARE_MAX_SHIPMENTS, SHARING_MESSAGES } from '@tracklane/shared/sharing/sharing.schema';

import type { ShareSet } from '../utils/share-set';
import { LinksSection } from './share-links-section';
import { PeopleSection } from './share-people-section';

export type { ShareSet } from '../utils/share-set';

interface ShareDialogProps {
  target: ShareSet;
  opened: boolean;
  onClose: () => void;
  ownEmail: string;
  timeZone: string;
}

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
