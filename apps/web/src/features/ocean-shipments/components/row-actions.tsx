import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconChevronRight } from '@tabler/icons-react';
import type { OceanShipment } from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { Link } from 'react-router';
import classes from './shipments-table.module.css';

interface RowActionsProps {
  shipment: OceanShipment;
  archived: boolean;
  detailHref: string;
  onArchive: () => void;
}

/** What a row offers on hover or focus: archive (or move back), and open. */
export function RowActions({ shipment, archived, detailHref, onArchive }: RowActionsProps) {
  const archiveLabel = archived ? 'Move back to active' : 'Archive';
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end" className={classes.rowActions}>
      <Tooltip label={archiveLabel}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`${archiveLabel}: ${shipment.containerNo}`}
          onClick={(event) => {
            event.stopPropagation();
            onArchive();
          }}
        >
          {archived ? <IconArchiveOff size={16} stroke={1.75} /> : <IconArchive size={16} stroke={1.75} />}
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Open">
        <ActionIcon
          component={Link}
          to={detailHref}
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`Open ${shipment.containerNo}`}
          tabIndex={-1}
        >
          <IconChevronRight size={16} stroke={1.75} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
