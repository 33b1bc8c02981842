import { Menu, Skeleton, Text, UnstyledButton } from '@mantine/core';
import {
  IconBellRinging,
  IconBuildingFactory2,
  IconForms,
  IconMailForward,
  IconChevronDown,
  IconCoin,
  IconDoorExit,
  IconPlugConnected,
  IconSettings,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { canDefineAlertRules } from '@tracklane/shared/alerts/alerts.policy';
import { canManageOrganization } from '@tracklane/shared/organizations/organizations.policy';
import { DROPDOWN_MENU_MAX_HEIGHT_PX } from '@tracklane/shared/constants';
import { Link } from 'react-router';
import { EntityAvatar } from '../../../components/entity-avatar';
import { paths } from '../../../config/paths';
import { useOrganizations } from '../api/get-organizations';
import {
  useWorkspaceStore,
  type CurrentOrganization,
  type CurrentWorkspace,
} from '../stores/workspace-store';
import classes from './workspace-menu.module.css';

export interface LeaveTarget {
  organization: CurrentOrganization;
  workspace: CurrentWorkspace;
}

interface WorkspaceMenuProps {
  /** General users' View Members: the read-only dialog (admins go to the members page). */
  onViewMembers: () => void;
  onLeaveWorkspace: (target: LeaveTarget) => void;
  /** Company admins' Invite People dialog (spec §2, §5). */
  onInvitePeople: () => void;
}

const ICON = { size: 16, stroke: 1.75 } as const;

const ROLE_LABEL = { company_admin: 'Company admin', general_user: 'General user' } as const;

/** The top bar's workspace and organization name with its dropdown (spec §2, §6). */
export function WorkspaceMenu({ onViewMembers, onLeaveWorkspace, onInvitePeople }: WorkspaceMenuProps) {
  const organization = useWorkspaceStore((state) => state.currentOrganization);
  const workspace = useWorkspaceStore((state) => state.currentWorkspace);
  const organizations = useOrganizations();

  if (!organization) {
    return organizations.isPending ? (
      <Skeleton height={32} width={160} radius="md" aria-label="Loading workspace" />
    ) : null;
  }
  if (!workspace) {
    // In the organization but in none of its workspaces: nothing to manage or leave here.
    return (
      <div className={classes.names} data-testid="workspace-menu">
        <span className={classes.workspaceName}>{organization.organizationName}</span>
        <span className={classes.organizationName}>No workspace</span>
      </div>
    );
  }

  const isAdmin = canManageOrganization(organization.role);

  return (
    <Menu position="bottom-start" width={260} offset={6}>
      <Menu.Target>
        <UnstyledButton className={classes.target} data-testid="workspace-menu">
          <EntityAvatar
            name={workspace.name}
            image={workspace.image}
            size={32}
            radius="md"
            className={classes.avatar}
          />
          <span className={classes.names}>
            <span className={classes.workspaceName} data-testid="current-workspace-name">
              {workspace.name}
            </span>
            <span className={classes.organizationName}>{organization.organizationName}</span>
          </span>
          <IconChevronDown size={14} stroke={1.75} className={classes.chevron} aria-hidden="true" />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown mah={DROPDOWN_MENU_MAX_HEIGHT_PX} className={classes.dropdown}>
        <div className={classes.identity}>
          <Text size="sm" fw={600} truncate>
            {workspace.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {organization.organizationName} · {ROLE_LABEL[organization.role]}
          </Text>
        </div>
        <Menu.Divider />
        {isAdmin ? (
          <>
            <Menu.Item leftSection={<IconUserPlus {...ICON} />} onClick={onInvitePeople}>
              Invite People
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={paths.workspaceSettings.members}
              leftSection={<IconUsers {...ICON} />}
            >
              View Members
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={paths.workspaceSettings.overview}
              leftSection={<IconSettings {...ICON} />}
            >
              Workspace Settings
            </Menu.Item>
          </>
        ) : (
          <Menu.Item leftSection={<IconUsers {...ICON} />} onClick={onViewMembers}>
            View Members
          </Menu.Item>
        )}
        {canDefineAlertRules(organization.role, organization.shipmentPermission) ? (
          <Menu.Item
            component={Link}
            to={paths.workspaceSettings.alerts}
            leftSection={<IconBellRinging {...ICON} />}
          >
            Alert Rules
          </Menu.Item>
        ) : null}
        {/* Every member reads the intake address and log; admins also change it (the page says so). */}
        <Menu.Item
          component={Link}
          to={paths.workspaceSettings.emailIntake}
          leftSection={<IconMailForward {...ICON} />}
        >
          E-mail Intake
        </Menu.Item>
        {isAdmin ? (
          <Menu.Item
            component={Link}
            to={paths.workspaceSettings.companies}
            leftSection={<IconBuildingFactory2 {...ICON} />}
          >
            Companies
          </Menu.Item>
        ) : null}
        {isAdmin ? (
          <Menu.Item
            component={Link}
            to={paths.workspaceSettings.customFields}
            leftSection={<IconForms {...ICON} />}
          >
            Custom Fields
          </Menu.Item>
        ) : null}
        {isAdmin ? (
          <Menu.Item
            component={Link}
            to={paths.workspaceSettings.freeTime}
            leftSection={<IconCoin {...ICON} />}
          >
            Free Time & Tariffs
          </Menu.Item>
        ) : null}
        {isAdmin ? (
          <Menu.Item
            component={Link}
            to={paths.workspaceSettings.carrierConnections}
            leftSection={<IconPlugConnected {...ICON} />}
          >
            Carrier Connections
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconDoorExit {...ICON} />}
          onClick={() => onLeaveWorkspace({ organization, workspace })}
        >
          Leave Workspace
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
