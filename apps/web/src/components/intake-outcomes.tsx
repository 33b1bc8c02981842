import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconList, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PreviewColumn } from './bulk-preview-table';
import classes from './bulk-preview.module.css';

/** What the server did with one row sent, in every mode's intake answer. */
export interface IntakeOutcome {
  outcome: 'created' | 'already_tracked' | 'refused';
  /** Why it was refused, or a note (e.g. "archived": it is in the archived list). */
  message: string | null;
}

/** A row sent and the server's answer, under the line it came from. */
export interface LineOutcome<Outcome extends IntakeOutcome> {
  line: number;
  outcome: Outcome;
}

const OUTCOME_LOOK: Record<IntakeOutcome['outcome'], { label: string; color: string }> = {
  created: { label: 'Created', color: 'teal' },
  already_tracked: { label: 'Already tracked', color: 'ocean' },
  refused: { label: 'Refused', color: 'red' },
};

interface IntakeOutcomesProps<Outcome extends IntakeOutcome> {
  outcomes: LineOutcome<Outcome>[];
  /** The mode's columns between the line number and the result: container, MBL, carrier… */
  columns: PreviewColumn<Outcome>[];
  /** Rows not sent: errors and duplicates found before submitting. */
  skipped: number;
  /** The list the new shipments are in. */
  listHref: string;
  onAddMore: () => void;
}

/** What the server did with each row sent: created, already tracked, or refused and why. */
export function IntakeOutcomes<Outcome extends IntakeOutcome>({
  outcomes,
  columns,
  skipped,
  listHref,
  onAddMore,
}: IntakeOutcomesProps<Outcome>) {
  const count = (kind: IntakeOutcome['outcome']) => outcomes.filter((o) => o.outcome.outcome === kind).length;
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
          <Button component={Link} to={listHref} size="xs" leftSection={<IconList size={14} />}>
            Go to the list
          </Button>
        </Group>
      </div>
      <div className={classes.previewScroll}>
        <Table className={classes.previewTable} stickyHeader verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th className={classes.lineCell}>Line</Table.Th>
              {columns.map((column) => (
                <Table.Th key={column.label}>{column.label}</Table.Th>
              ))}
              <Table.Th>Result</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {outcomes.map(({ line, outcome }) => {
              const look = OUTCOME_LOOK[outcome.outcome];
              return (
                <Table.Tr key={line} data-testid="outcome-row" data-outcome={outcome.outcome}>
                  <Table.Td className={classes.lineCell}>{line}</Table.Td>
                  {columns.map((column) => (
                    <Table.Td key={column.label} className={column.mono ? classes.mono : undefined}>
                      {column.cell(outcome)}
                    </Table.Td>
                  ))}
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
