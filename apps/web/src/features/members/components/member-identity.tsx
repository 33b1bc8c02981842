import { Avatar, Group, Stack, Text } from '@mantine/core';
import type { WorkspaceMember } from '@tracklane/shared/organizations/organizations.schema';
import type { ReactNode } from 'react';
import { initialsOf } from '../../../lib/initials';

export function memberName(member: WorkspaceMember): string {
  return `${member.firstName} ${member.lastName}`.trim() || member.email;
}

/** Avatar, name and e-mail of a member, with optional badges after the name. */
export function MemberIdentity({ member, badges }: { member: WorkspaceMember; badges?: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Avatar src={member.avatar} alt="" radius="xl" size={34} color="ocean" variant="light">
        {initialsOf(member)}
      </Avatar>
      <Stack gap={0} miw={0}>
        <Group gap={6} wrap="nowrap" miw={0}>
          <Text size="sm" fw={600} truncate>
            {memberName(member)}
          </Text>
          {badges ? (
            <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
              {badges}
            </Group>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed" truncate>
          {member.email}
        </Text>
      </Stack>
    </Group>
  );
}
