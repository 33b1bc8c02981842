import { Alert, Button, Group, Modal, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import {
  leaveWorkspaceVerdict,
  leavingRemovesFromOrganization,
} from '@tracklane/shared/organizations/organizations.policy';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useLeaveWorkspace } from '../api/leave-workspace';
import { useApplySelection } from '../hooks/use-apply-selection';
import type { LeaveTarget } from './workspace-menu';
import { endSentence } from '@tracklane/shared/sentence';
import { firstMode } from '../../../modes/registry';

/** How many workspaces the organization has: decides whether leaving also leaves the organization. */
export type WorkspaceCount =
  { status: 'loading' } | { status: 'unknown' } | { status: 'known'; count: number };

interface LeaveWorkspaceModalProps {
  /** The workspace to leave, fixed when the dialog opens; null when closed before ever opening. */
  target: LeaveTarget | null;
  opened: boolean;
  onClose: () => void;
  workspaceCount: WorkspaceCount;
}

/** spec §2 Leave Workspace dialog, with §5/§6's rules on who may leave and what leaving means. */
export function LeaveWorkspaceModal({ target, opened, onClose, workspaceCount }: LeaveWorkspaceModalProps) {
  const leave = useLeaveWorkspace();
  const applySelection = useApplySelection();
  const navigate = useNavigate();

  if (!target) return null;
  const { organization, workspace } = target;
  const verdict = leaveWorkspaceVerdict({ role: organization.role, isDefault: workspace.isDefault });
  const leavesOrganization =
    workspaceCount.status === 'known' && leavingRemovesFromOrganization(workspaceCount.count);

  const confirm = async () => {
    let result;
    try {
      result = await leave.mutateAsync(workspace.workspaceId);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: `Failed to remove you from ${workspace.name}`,
        message: errorMessage(error),
      });
      return;
    }
    notifications.show({ color: 'teal', message: `You have been removed from ${result.workspaceName}` });
    onClose();
    // spec §4: the server has moved the session to the user's own default workspace.
    await applySelection(result.selection, { refetchOrganizations: true });
    await navigate(firstMode().paths.dashboard);
  };

  const confirmButton = (
    <Button
      color="red"
      loading={leave.isPending}
      disabled={verdict.allowed && workspaceCount.status === 'loading'}
      // A disabled button swallows the pointer events its tooltip needs: it is marked instead.
      data-disabled={!verdict.allowed || undefined}
      aria-disabled={!verdict.allowed || undefined}
      onClick={(event) => {
        if (!verdict.allowed) {
          event.preventDefault();
          return;
        }
        void confirm();
      }}
      data-testid="confirm-leave-workspace"
    >
      Leave workspace
    </Button>
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Leave ${workspace.name}?`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="leave-workspace-modal"
    >
      <Stack gap="md">
        {verdict.allowed ? (
          <Text size="sm">
            You will no longer see the shipments of <strong>{workspace.name}</strong> in{' '}
            {endSentence(organization.organizationName)}
          </Text>
        ) : (
          <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} data-testid="leave-refused">
            {workspace.name} is the default workspace of {endSentence(organization.organizationName)} Company
            admins stay in it; you can leave any other workspace.
          </Alert>
        )}
        {verdict.allowed && workspaceCount.status === 'loading' ? <Skeleton height={56} radius="md" /> : null}
        {verdict.allowed && leavesOrganization ? (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={`You will also leave ${organization.organizationName}`}
            data-testid="leave-removes-from-organization"
          >
            {workspace.name} is the only workspace in {endSentence(organization.organizationName)} Leaving it
            removes you from the organization, and you will need a new invite to rejoin.
          </Alert>
        ) : null}
        {verdict.allowed && workspaceCount.status === 'unknown' ? (
          <Text size="xs" c="dimmed">
            If this is the organization&apos;s only workspace, leaving it also removes you from the
            organization.
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={leave.isPending}>
            Cancel
          </Button>
          {verdict.allowed ? (
            confirmButton
          ) : (
            <Tooltip label={verdict.reason} events={{ hover: true, focus: true, touch: true }}>
              {confirmButton}
            </Tooltip>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
