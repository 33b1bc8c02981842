import { Paper, Progress, Tabs } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './shipment-list.module.css';

export interface ListTab<Tab extends string> {
  value: Tab;
  label: string;
}

interface ShipmentListCardProps<Tab extends string> {
  /** The section's accessible name: "Active ocean shipments". */
  title: string;
  tabs: readonly ListTab<Tab>[];
  tab: Tab;
  /** Each tab's count, once the first page has said them. */
  counts: Record<Tab, number> | null;
  onTabChange: (tab: Tab) => void;
  /** The filter bar, under the tabs. */
  toolbar: ReactNode;
  /** A word on what the tab holds, between the filter bar and the rows. */
  note?: ReactNode;
  /** What the rows shown are a group of (a bill of lading the list is narrowed to), above the note. */
  banner?: ReactNode;
  /** New filters are loading: a thin bar over the rows still shown. */
  refreshing: boolean;
  /** The table, or what stands in for it. */
  children: ReactNode;
  /**
   * Said of the rows once they are here (the demo data badge): at the right of the tab bar, over its
   * empty end, so its arrival moves nothing.
   */
  badge?: ReactNode;
}

/** The card a shipment list sits in: its tabs with their counts, the filter bar, then the table. */
export function ShipmentListCard<Tab extends string>(props: ShipmentListCardProps<Tab>) {
  const { tabs, counts } = props;
  return (
    <Paper withBorder radius="lg" className={classes.card} component="section" aria-label={props.title}>
      <Tabs
        value={props.tab}
        onChange={(value) => {
          const next = tabs.find((tab) => tab.value === value);
          if (next) props.onTabChange(next.value);
        }}
        classNames={{ list: classes.tabList, tab: classes.tab }}
        activateTabWithKeyboard={false}
      >
        <Tabs.List>
          {tabs.map(({ value, label }) => (
            <Tabs.Tab
              key={value}
              value={value}
              data-testid={`tab-${value}`}
              // "Active (12)" for everyone: browsers would read the pill as "Active ( 12 )".
              aria-label={counts ? `${label} (${String(counts[value])})` : label}
            >
              {label}
              {counts ? (
                <span className={classes.count} data-testid={`count-${value}`} aria-hidden>
                  {counts[value]}
                </span>
              ) : (
                // The pill's room is kept while the counts are on their way: the tabs do not widen.
                <span className={classes.count} data-placeholder aria-hidden>
                  0
                </span>
              )}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {props.badge ? <div className={classes.tabBadge}>{props.badge}</div> : null}

      {props.toolbar}

      {props.banner}

      {props.note ? (
        <div className={classes.note} data-testid="list-note">
          <IconInfoCircle size={16} stroke={1.75} className={classes.noteIcon} aria-hidden />
          <span>{props.note}</span>
        </div>
      ) : null}

      <div className={classes.tableArea}>
        {props.refreshing ? (
          <Progress
            value={100}
            animated
            size={2}
            radius={0}
            className={classes.refreshing}
            aria-label="Updating"
          />
        ) : null}
        {props.children}
      </div>
    </Paper>
  );
}
