import { ActionBar, Button, Text } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconShare } from '@tabler/icons-react';

interface SelectionActionBarProps {
  /** How many rows are selected; the bar shows while there are any. */
  count: number;
  /** The rows are on the archived tab: the action moves them back. */
  archived: boolean;
  busy: boolean;
  onArchive: () => void;
  /** Opens sharing of the selected rows; absent where the user may not share (view-only). */
  onShare?: () => void;
  onClear: () => void;
}

/** What can be done with the selected rows of a shipment list: share them, archive them, or move them back. */
export function SelectionActionBar({
  count,
  archived,
  busy,
  onArchive,
  onShare,
  onClear,
}: SelectionActionBarProps) {
  return (
    <ActionBar opened={count > 0} onClose={onClear} aria-label="Selected shipments" closeOnEscape>
      <Text size="sm" fw={600} px="xs" data-testid="selection-count">
        {count} selected
      </Text>
      <ActionBar.Divider />
      {onShare ? (
        <Button size="xs" variant="light" leftSection={<IconShare size={16} />} onClick={onShare}>
          Share
        </Button>
      ) : null}
      <Button
        size="xs"
        variant="light"
        loading={busy}
        leftSection={archived ? <IconArchiveOff size={16} /> : <IconArchive size={16} />}
        onClick={onArchive}
      >
        {archived ? 'Unarchive' : 'Archive'}
      </Button>
      <ActionBar.CloseButton aria-label="Clear the selection" />
    </ActionBar>
  );
}
