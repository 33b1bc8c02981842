import { Button, Group, Modal, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDoorExit } from '@tabler/icons-react';
import type { Organization, Selection } from '@tracklane/shared/organizations/organizations.schema';
import { nameInitials } from '../../../components/entity-avatar';
import { errorMessage } from '../../../lib/api-client';
import { useLeaveOrganization } from '../api/leave-organization';
import classes from './leave-organization-button.module.css';

interface LeaveOrganizationButtonProps {
  organization: Organization;
  /** With where the server moved the session, so the app can follow it. */
  onLeft: (selection: Selection) => Promise<void>;
}

/**
 * The rail's icon for an organization the user is in without any of its workspaces (spec §2): the
 * one thing left to do there is to leave it, through the leave-organization dialog.
 */
export function LeaveOrganizationButton({ organization, onLeft }: LeaveOrganizationButtonProps) {
  const [opened, dialog] = useDisclosure(false);
  const leave = useLeaveOrganization();
  const name = organization.organizationName;

  const confirm = async () => {
    let selection: Selection;
    try {
      ({ selection } = await leave.mutateAsync(organization.organizationId));
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Failed to leave organization',
        message: errorMessage(error),
      });
      return;
    }
    notifications.show({ color: 'teal', message: 'Successfully left organization' });
    dialog.close();
    await onLeft(selection);
  };

  return (
    <>
      <Tooltip
        position="right"
        label={
          <>
            <strong>{name}</strong>
            <span className={classes.tooltipDetail}>You are in none of its workspaces</span>
          </>
        }
      >
        <UnstyledButton
          className={classes.button}
          onClick={dialog.open}
          aria-label={`Leave ${name}`}
          data-testid="rail-leave-organization"
        >
          {nameInitials(name)}
          <span className={classes.badge} aria-hidden="true">
            <IconDoorExit size={12} stroke={2} />
          </span>
        </UnstyledButton>
      </Tooltip>
      <Modal
        opened={opened}
        onClose={dialog.close}
        title={`Leave ${name}?`}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text size="sm">
            You are still a member of <strong>{name}</strong>, but of none of its workspaces. Leaving removes
            it from your list; you will need a new invite to rejoin.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={dialog.close} disabled={leave.isPending}>
              Cancel
            </Button>
            <Button color="red" loading={leave.isPending} onClick={() => void confirm()}>
              Leave organization
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
