import { Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconAlertTriangle,
  IconChartBar,
  IconHistory,
  IconLayoutDashboard,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconList,
  IconSquarePlus,
  type Icon,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { ExceptionsNavBadge } from '../../../components/exceptions-nav-badge';
import { useSiteType } from '../hooks/use-site-type';
import { useUiStore } from '../stores/ui-store';
import { getMenuItems, isMenuItemActive, type MenuItemKey } from '../utils/menu-items';
import classes from './sidebar.module.css';
import { SiteTypeSwitcher } from './site-type-switcher';

const ICONS: Record<MenuItemKey, Icon> = {
  dashboard: IconLayoutDashboard,
  'shipment-list': IconList,
  exceptions: IconAlertTriangle,
  reliability: IconChartBar,
  'new-shipment': IconSquarePlus,
  'shipment-history': IconHistory,
};

interface SidebarProps {
  /** From the current organization; null until organizations exist (shows every item). */
  shipmentPermission: number | null;
  /** `drawer` is the mobile overlay: always expanded, no collapse toggle. */
  variant: 'docked' | 'drawer';
  /** Called after the user picks a destination, so the mobile drawer can close. */
  onNavigate?: () => void;
}

export function Sidebar({ shipmentPermission, variant, onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  const { siteType, switchTo } = useSiteType();
  const storedCollapsed = useUiStore((state) => state.sidebarCollapsed);
  const toggleSidebar = useUiStore((state) => state.toggleSidebar);
  const collapsed = variant === 'docked' && storedCollapsed;
  const items = getMenuItems(siteType, shipmentPermission);

  return (
    <aside
      className={classes.sidebar}
      data-testid={variant === 'docked' ? 'sidebar' : 'sidebar-drawer-content'}
      data-variant={variant}
      data-collapsed={collapsed || undefined}
    >
      <div className={classes.switcherRow}>
        <SiteTypeSwitcher
          value={siteType}
          compact={collapsed}
          onChange={(target) => {
            switchTo(target);
            onNavigate?.();
          }}
        />
      </div>

      <nav aria-label="Main navigation" className={classes.nav}>
        <ul className={classes.menu}>
          {items.map((item) => {
            const ItemIcon = ICONS[item.key];
            const active = isMenuItemActive(item, pathname);
            const link = (
              <UnstyledButton
                component={Link}
                to={item.href}
                className={classes.link}
                data-active={active || undefined}
                aria-current={active ? 'page' : undefined}
                aria-label={collapsed ? item.label : undefined}
                onClick={onNavigate}
              >
                <ItemIcon size={18} stroke={1.75} className={classes.linkIcon} aria-hidden="true" />
                {collapsed ? null : <span className={classes.linkLabel}>{item.label}</span>}
                {item.key === 'exceptions' && !collapsed ? <ExceptionsNavBadge /> : null}
              </UnstyledButton>
            );
            return (
              // The first-use tutorial points at the docked menu's items.
              <li key={item.key} data-tutorial={variant === 'docked' ? item.key : undefined}>
                {collapsed ? (
                  <Tooltip label={item.label} position="right">
                    {link}
                  </Tooltip>
                ) : (
                  link
                )}
              </li>
            );
          })}
        </ul>
      </nav>

      {variant === 'docked' ? (
        <div className={classes.footer}>
          <Tooltip
            label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            position="right"
            disabled={!collapsed}
          >
            <UnstyledButton
              className={classes.collapseToggle}
              onClick={toggleSidebar}
              aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              aria-expanded={!collapsed}
              data-testid="sidebar-collapse-toggle"
            >
              {collapsed ? (
                <IconLayoutSidebarLeftExpand size={18} stroke={1.75} aria-hidden="true" />
              ) : (
                <>
                  <IconLayoutSidebarLeftCollapse size={18} stroke={1.75} aria-hidden="true" />
                  <span className={classes.linkLabel}>Collapse</span>
                </>
              )}
            </UnstyledButton>
          </Tooltip>
        </div>
      ) : null}
    </aside>
  );
}
