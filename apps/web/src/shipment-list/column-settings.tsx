import { ActionIcon, Button, Checkbox, Group, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconColumns3 } from '@tabler/icons-react';
import {
  isDefaultLayout,
  moveColumn,
  toggleColumn,
  type ColumnLayout,
  type ColumnSet,
} from './table-columns';
import classes from './shipment-list.module.css';

interface ColumnSettingsProps<Row, Id extends string, Sort extends string> {
  /** The table's columns, for their names, which may be hidden, and the default layout. */
  columns: ColumnSet<Row, Id, Sort>;
  layout: ColumnLayout<Id>;
  onChange: (layout: ColumnLayout<Id>) => void;
  /** Until every column is known (the workspace's custom fields), nothing is saved. */
  disabled?: boolean;
}

/** Show, hide and reorder a table's columns; every change is saved for the user. */
export function ColumnSettings<Row, Id extends string, Sort extends string>({
  columns,
  layout,
  onChange,
  disabled = false,
}: ColumnSettingsProps<Row, Id, Sort>) {
  const titleId = useId();
  return (
    <Popover position="bottom-end" width={280} shadow="md" radius="md" trapFocus>
      <Popover.Target>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconColumns3 size={16} stroke={1.75} />}
          aria-label="Columns"
          disabled={disabled}
        >
          Columns
        </Button>
      </Popover.Target>
      {/* Named by its title, not by its button as Mantine names a dropdown by default. */}
      <Popover.Dropdown p={0} aria-labelledby={titleId}>
        <Group justify="space-between" px="sm" py={8} className={classes.popoverHeader}>
          <Text id={titleId} size="xs" fw={600} c="gray.7">
            Table columns
          </Text>
          <Button
            variant="subtle"
            size="compact-xs"
            disabled={isDefaultLayout(columns, layout)}
            onClick={() => onChange(columns.defaultLayout)}
          >
            Reset
          </Button>
        </Group>
        <Stack gap={0} py={4} component="ul" className={classes.columnList}>
          {layout.order.map((id, index) => {
            const column = columns.columns[id];
            const visible = !layout.hidden.includes(id);
            return (
              <Group
                key={id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                px="sm"
                py={4}
                className={classes.columnItem}
                data-testid="column-setting"
              >
                <Checkbox
                  size="xs"
                  label={column.label}
                  checked={visible}
                  disabled={!column.hideable}
                  onChange={() => onChange(toggleColumn(columns, layout, id))}
                />
                <Group gap={2} wrap="nowrap">
                  <Tooltip label="Move up" openDelay={500}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-label={`Move ${column.label} up`}
                      disabled={index === 0}
                      onClick={() => onChange(moveColumn(layout, id, -1))}
                    >
                      <IconChevronUp size={14} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Move down" openDelay={500}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-label={`Move ${column.label} down`}
                      disabled={index === layout.order.length - 1}
                      onClick={() => onChange(moveColumn(layout, id, 1))}
                    >
                      <IconChevronDown size={14} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            );
          })}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
