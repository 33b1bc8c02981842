import { Button, Stack, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import type { ShipmentPlace } from '@tracklane/shared/tracking/ocean/shipment-places';

interface TrackedElsewhereProps {
  places: ShipmentPlace[];
  /** Switches to the place's workspace and opens the shipment there. */
  onOpen: (place: ShipmentPlace) => void;
}

/**
 * Under "not tracked in this workspace": the user's other workspaces that do track the shipment (a
 * colleague's pasted link), each a button that switches there and opens it.
 */
export function TrackedElsewhere({ places, onOpen }: TrackedElsewhereProps) {
  if (places.length === 0) return null;
  return (
    <Stack gap="xs" align="center" data-testid="tracked-elsewhere">
      <Text size="sm" fw={600}>
        {places.length === 1
          ? 'It is tracked in another of your workspaces:'
          : 'It is tracked in other workspaces of yours:'}
      </Text>
      {places.map((place) => (
        <Button
          key={place.workspaceId}
          leftSection={<IconArrowsExchange size={16} />}
          onClick={() => onOpen(place)}
        >
          Open in {place.workspaceName} ({place.organizationName})
        </Button>
      ))}
    </Stack>
  );
}
