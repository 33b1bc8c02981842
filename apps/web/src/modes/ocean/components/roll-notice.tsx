import { Alert, List } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import type { OceanTrackingDetail } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { formatDateTime } from '../../../lib/dates';

type Vessel = OceanTrackingDetail['rolls'][number]['from'];
const vesselText = (v: Vessel) => [v.name, v.voyage].filter(Boolean).join(' ') || 'an unnamed vessel';

/** Each time the carrier moved the container to another vessel or voyage (a roll), oldest first. */
export function RollNotice({ shipment, timeZone }: { shipment: OceanTrackingDetail; timeZone: string }) {
  if (shipment.rolls.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      radius="lg"
      mb="md"
      icon={<IconArrowsExchange size={18} />}
      title={
        shipment.rolls.length === 1
          ? 'Rolled to another vessel'
          : `Rolled ${String(shipment.rolls.length)} times`
      }
      data-testid="roll-notice"
    >
      <List size="sm" spacing={2}>
        {shipment.rolls.map((roll) => (
          <List.Item key={`${roll.recordedAt}-${roll.port.locode}`}>
            {vesselText(roll.from)} → {vesselText(roll.to)} at {roll.port.name ?? roll.port.locode}, announced{' '}
            {formatDateTime(roll.recordedAt, timeZone)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
