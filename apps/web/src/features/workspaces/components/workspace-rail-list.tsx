import { ActionIcon, Avatar, Loader, Tooltip, UnstyledButton } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { Organization, Workspace } from '@tracklane/shared/organizations/organizations.schema';
import type { ReactNode } from 'react';
import { nameInitials } from '../../../components/entity-avatar';
import { useOrganizations } from '../api/get-organizations';
import { useSwitchWorkspace } from '../hooks/use-switch-workspace';
import { useWorkspaceStore } from '../stores/workspace-store';
import { railGroups } from '../utils/rail-groups';
import classes from './workspace-rail-list.module.css';

interface WorkspaceRailListProps {
  /** The icon for an organization the user may only leave (spec §2); the app supplies the dialog. */
  renderLeaveOrganization: (organization: Organization) => ReactNode;
  /** After a switch, e.g. to close the mobile drawer. */
  onSwitched?: () => void;
  /** Shown after the groups: the pending workspace invitations (spec §2), supplied by the app. */
  trailing?: ReactNode;
}

/** The tooltip of a workspace icon: whose workspace it is, then which one. */
export const railTooltip = (organizationName: string, workspaceName: string) =>
  `${organizationName} — ${workspaceName}`;

/**
 * The head of an organization's group: its image or initials, so that two organizations' "Default
 * Workspace" (both "DW") sit under different marks. Decorative for assistive technology, which hears
 * the group's name instead.
 */
function OrganizationMark({ organization }: { organization: Organization }) {
  return (
    <Tooltip label={organization.organizationName} position="right">
      <div className={classes.organizationMark} aria-hidden data-testid="rail-organization-mark">
        <Avatar
          src={organization.image ?? organization.organizationImageUrl}
          alt=""
          size={26}
          radius={7}
          classNames={{ root: classes.organizationAvatar, placeholder: classes.organizationPlaceholder }}
        >
          {nameInitials(organization.organizationName)}
        </Avatar>
      </div>
    </Tooltip>
  );
}

/**
 * The workspace icons of the left rail, grouped per organization (spec §2): each group is a panel
 * headed by the organization's image or initials.
 */
export function WorkspaceRailList({ renderLeaveOrganization, onSwitched, trailing }: WorkspaceRailListProps) {
  const organizations = useOrganizations();
  const currentWorkspaceId = useWorkspaceStore((state) => state.currentWorkspace?.workspaceId ?? null);
  const switchWorkspace = useSwitchWorkspace({ onSwitched });

  if (organizations.isPending) {
    return (
      <div className={classes.list} aria-busy="true" aria-label="Loading workspaces">
        <div className={classes.group}>
          {[0, 1, 2].map((n) => (
            <div key={n} className={classes.skeleton} />
          ))}
        </div>
      </div>
    );
  }

  if (organizations.isError) {
    return (
      <div className={classes.list}>
        <Tooltip label="Could not load your workspaces. Try again" position="right">
          <ActionIcon
            variant="subtle"
            color="gray.3"
            size={40}
            radius={12}
            onClick={() => void organizations.refetch()}
            loading={organizations.isFetching}
            aria-label="Could not load your workspaces. Try again"
            data-testid="rail-retry"
          >
            <IconRefresh size={20} stroke={1.75} />
          </ActionIcon>
        </Tooltip>
      </div>
    );
  }

  const open = (workspace: Workspace) => {
    if (switchWorkspace.isPending) return;
    switchWorkspace.mutate({ workspaceId: workspace.workspaceId, workspaceName: workspace.name });
  };

  return (
    <nav className={`${classes.list} ${classes.rail}`} aria-label="Workspaces" data-testid="rail-workspaces">
      {railGroups(organizations.data).map(({ organization, workspaces, offerLeave }) => (
        <div
          key={organization.organizationId}
          className={classes.group}
          role="group"
          aria-label={organization.organizationName}
          data-testid="rail-organization"
        >
          <OrganizationMark organization={organization} />
          {workspaces.map((workspace) => {
            const active = workspace.workspaceId === currentWorkspaceId;
            const busy =
              switchWorkspace.isPending && switchWorkspace.variables.workspaceId === workspace.workspaceId;
            return (
              <div key={workspace.workspaceId} className={classes.item} data-active={active || undefined}>
                <Tooltip position="right" label={railTooltip(organization.organizationName, workspace.name)}>
                  <UnstyledButton
                    className={classes.button}
                    onClick={() => open(workspace)}
                    aria-label={`Switch to ${workspace.name} (${organization.organizationName})`}
                    aria-current={active ? 'true' : undefined}
                    aria-busy={busy || undefined}
                    data-busy={busy || undefined}
                    data-testid="rail-workspace"
                  >
                    <Avatar
                      src={workspace.image}
                      alt=""
                      size={40}
                      radius={12}
                      classNames={{ root: classes.avatar, placeholder: classes.placeholder }}
                    >
                      {nameInitials(workspace.name)}
                    </Avatar>
                    {busy ? (
                      <span className={classes.busy}>
                        <Loader size={16} color="white" />
                      </span>
                    ) : null}
                  </UnstyledButton>
                </Tooltip>
              </div>
            );
          })}
          {offerLeave ? <div className={classes.item}>{renderLeaveOrganization(organization)}</div> : null}
        </div>
      ))}
      {trailing}
    </nav>
  );
}
