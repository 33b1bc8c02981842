import { Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil } from '@tabler/icons-react';
import {
  SHOWN_ETA_SOURCE_LABELS,
  type ArrivalEstimates,
} from '@tracklane/shared/tracking/ocean/eta/eta-estimates.schema';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, instantOfWallTime, wallTime } from '../../../lib/dates';
import { useSetManualEta } from '../api/set-manual-eta';
import { confidenceText, issuedText } from '../utils/eta-text';

interface ArrivalEstimatesSectionProps {
  shipmentId: string;
  estimates: ArrivalEstimates;
  timeZone: string;
  /** Arrived: the sources' ETAs are history, and none is set by hand any more. */
  arrived: boolean;
  /** May change the shipment: may set or clear its ETA by hand. */
  canChange: boolean;
}

/**
 * Every source's current ETA side by side (carrier, terminal, set by hand, Tracklane's estimate) with
 * what it is to, when it was issued, which one the shipment's ETA is, and how far each is to be
 * trusted from this organization's measured accuracy (ADR 0046, 0049); members who may change the
 * shipment set or clear an ETA by hand here.
 */
export function ArrivalEstimatesSection({
  shipmentId,
  estimates,
  timeZone,
  arrived,
  canChange,
}: ArrivalEstimatesSectionProps) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const save = useSetManualEta();
  const mayEdit = canChange && !arrived;
  if (estimates.estimates.length === 0 && !mayEdit) return null;

  const manual = estimates.estimates.find((e) => e.source === 'manual');
  const carrier = estimates.estimates.find((e) => e.source === 'carrier');
  const instant = instantOfWallTime(value, timeZone);
  const open = () => {
    setValue(wallTime(manual?.eta ?? carrier?.eta ?? new Date(), timeZone));
    setEditing(true);
  };
  const submit = async (eta: string | null) => {
    try {
      await save.mutateAsync({ shipmentId, eta });
      notifications.show({
        color: 'teal',
        message: eta ? 'ETA set for this shipment' : 'ETA set by hand cleared',
      });
      setEditing(false);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Could not save the ETA',
        message: errorMessage(error),
      });
    }
  };

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="eta-by-source-title">
      <Group justify="space-between" gap="xs" mb="xs">
        <Text fw={600} size="sm" id="eta-by-source-title">
          ETA by source
        </Text>
        {mayEdit ? (
          <Button variant="subtle" size="compact-sm" leftSection={<IconPencil size={14} />} onClick={open}>
            {manual ? 'Change ETA' : 'Set ETA'}
          </Button>
        ) : null}
      </Group>
      {estimates.estimates.length === 0 ? (
        <Text size="sm" c="dimmed">
          No ETA yet from the carrier or the terminal. Set one by hand if you know it.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: Math.min(estimates.estimates.length, 2) }} spacing="sm">
          {estimates.estimates.map((eta) => (
            <Stack key={eta.source} gap={2} data-testid={`eta-source-${eta.source}`}>
              <Text size="sm" fw={600} component="div">
                {SHOWN_ETA_SOURCE_LABELS[eta.source]}{' '}
                {estimates.used === eta.source ? (
                  <Badge size="xs" variant="light">
                    Used as the ETA
                  </Badge>
                ) : null}
              </Text>
              <Text size="lg">{formatDateTime(eta.eta, timeZone)}</Text>
              <Text size="xs" c="dimmed">
                {issuedText(eta, timeZone)}
              </Text>
              <Text size="xs">{confidenceText(eta, timeZone)}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      )}
      <Modal opened={editing} onClose={() => setEditing(false)} title="ETA for this shipment">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (instant) void submit(instant);
          }}
        >
          <Stack gap="md">
            <Text size="sm">
              An ETA set here is the shipment’s ETA in lists and on this page until it arrives or you clear
              it. The carrier’s and the terminal’s stay beside it; ETA-slip alerts keep following the
              carrier’s.
            </Text>
            <TextInput
              type="datetime-local"
              label={`Arrival at the port of discharge (${timeZone})`}
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              error={value && !instant ? 'Choose a day and time.' : undefined}
              required
              data-autofocus
            />
            <Group justify="space-between" gap="xs">
              {manual ? (
                <Button
                  variant="subtle"
                  color="red"
                  onClick={() => void submit(null)}
                  loading={save.isPending}
                >
                  Clear ETA set by hand
                </Button>
              ) : (
                <span />
              )}
              <Group gap="xs">
                <Button variant="default" onClick={() => setEditing(false)}>
                  Cancel
                </Button>
                <Button type="submit" disabled={!instant} loading={save.isPending}>
                  Save ETA
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
