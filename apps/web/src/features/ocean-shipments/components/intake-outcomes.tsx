import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconList, IconPlus } from '@tabler/icons-react';
import type { OceanIntakeOutcome } from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { carrierLabel } from '../utils/carriers';
import classes from './new-ocean-shipment.module.css';

export interface LineOutcome {
  line: number;
  outcome: OceanIntakeOutcome;
}

const OUTCOME_LOOK: Record<OceanIntakeOutcome['outcome'], { label: string; color: string }> = {
  created: { label: 'Created', color: 'teal' },
  already_tracked: { label: 'Already tracked', color: 'ocean' },
  refused: { label: 'Refused', color: 'red' },
};

interface IntakeOutcomesProps {
  outcomes: LineOutcome[];
  /** Rows not sent: errors and duplicates found before submitting. */
  skipped: number;
  detailHref: (shipment: { containerNo: string; mblNo: string }) => string;
  onAddMore: () => void;
}

/** What the server did with each row sent: created, already tracked, or refused and why. */
export function IntakeOutcomes({ outcomes, skipped, detailHref, onAddMore }: IntakeOutcomesProps) {
  const count = (kind: OceanIntakeOutcome['outcome']) =>
    outcomes.filter((o) => o.outcome.outcome === kind).length;
  return (
    <div className={classes.preview} data-testid="intake-outcomes">
      <div className={classes.previewBar}>
        <div className={classes.summary} aria-live="polite">
          <Text size="sm" fw={600}>
            {outcomes.length} sent
          </Text>
          <Badge color="teal" variant="light" radius="sm" className={classes.badge}>
            {count('created')} created
          </Badge>
          <Badge color="ocean" variant="light" radius="sm" className={classes.badge}>
            {count('already_tracked')} already tracked
          </Badge>
          {count('refused') > 0 ? (
            <Badge color="red" variant="light" radius="sm" className={classes.badge}>
              {count('refused')} refused
            </Badge>
          ) : null}
          {skipped > 0 ? (
            <Text size="xs" c="dimmed">
              {skipped} row{skipped === 1 ? '' : 's'} skipped before sending (errors or duplicates)
            </Text>
          ) : null}
        </div>
        <Group gap="xs">
          <Button variant="default" size="xs" leftSection={<IconPlus size={14} />} onClick={onAddMore}>
            Add more
          </Button>
          <Button
            component={Link}
            to={paths.shipments.oceanActive}
            size="xs"
            leftSection={<IconList size={14} />}
          >
            Go to the list
          </Button>
        </Group>
      </div>
      <div className={classes.previewScroll}>
        <Table className={classes.previewTable} stickyHeader verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th className={classes.lineCell}>Line</Table.Th>
              <Table.Th>Container</Table.Th>
              <Table.Th>MBL</Table.Th>
              <Table.Th>Carrier</Table.Th>
              <Table.Th>Result</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {outcomes.map(({ line, outcome }) => {
              const look = OUTCOME_LOOK[outcome.outcome];
              return (
                <Table.Tr key={line} data-testid="outcome-row" data-outcome={outcome.outcome}>
                  <Table.Td className={classes.lineCell}>{line}</Table.Td>
                  <Table.Td className={classes.mono}>
                    {outcome.outcome === 'refused' ? (
                      outcome.containerNo
                    ) : (
                      <Anchor component={Link} to={detailHref(outcome)} inherit>
                        {outcome.containerNo}
                      </Anchor>
                    )}
                  </Table.Td>
                  <Table.Td className={classes.mono}>{outcome.mblNo}</Table.Td>
                  <Table.Td>{outcome.carrierScac ? carrierLabel(outcome.carrierScac) : '-'}</Table.Td>
                  <Table.Td>
                    <Group gap={8} wrap="nowrap">
                      <Badge color={look.color} variant="light" radius="sm" className={classes.badge}>
                        {look.label}
                      </Badge>
                      {outcome.message ? (
                        <Text size="xs" c={outcome.outcome === 'refused' ? 'red.8' : 'dimmed'}>
                          {outcome.message}
                        </Text>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </div>
    </div>
  );
}
