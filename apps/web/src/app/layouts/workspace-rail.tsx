import { Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { LogoMark } from '../../components/logo';
import { paths } from '../../config/paths';
import { InvitationRailList } from '../../features/invitations/components/invitation-rail-list';
import { LeaveOrganizationButton } from '../../features/organizations/components/leave-organization-button';
import { WorkspaceRailList } from '../../features/workspaces/components/workspace-rail-list';
import { useApplySelection } from '../../features/workspaces/hooks/use-apply-selection';
import classes from './main-shell.module.css';

interface WorkspaceRailProps {
  /** After switching workspace, e.g. to close the mobile drawer. */
  onSwitched?: () => void;
}

/**
 * The narrow column of the shell: home, then the user's workspaces per organization, then their
 * pending workspace invitations (spec §2).
 */
export function WorkspaceRail({ onSwitched }: WorkspaceRailProps) {
  const applySelection = useApplySelection();
  return (
    <div className={classes.rail} data-testid="workspace-rail">
      <Tooltip label="Tracklane home" position="right">
        <Link to={paths.home} className={classes.railHome} aria-label="Tracklane home">
          <LogoMark size={34} />
        </Link>
      </Tooltip>
      <WorkspaceRailList
        onSwitched={onSwitched}
        trailing={<InvitationRailList />}
        renderLeaveOrganization={(organization) => (
          <LeaveOrganizationButton
            organization={organization}
            onLeft={(selection) => applySelection(selection, { refetchOrganizations: true })}
          />
        )}
      />
    </div>
  );
}
