import { Button } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { FreeTimeDefaultsSection } from '../../features/free-time/components/free-time-defaults-section';
import { WorkspaceSettingsGate } from './workspace-settings-gate';

const TITLE = 'Free time & tariffs';

/** /workspace-settings/free-time: company admins set the demurrage and detention terms of the workspace. */
export function FreeTimePage() {
  return (
    <WorkspaceSettingsGate
      title={TITLE}
      refusal={{
        title: 'Only company admins can set free time and tariffs',
        description: (name) => `Ask a company admin of ${name} to change the free time or the daily rates.`,
      }}
    >
      {() => (
        <>
          <PageHeader
            title={TITLE}
            description="Free days and daily rates behind every container’s demurrage and detention clock, its cost so far and the money at risk."
            actions={
              <Button
                component={Link}
                to={paths.workspaceSettings.alerts}
                variant="default"
                leftSection={<IconBellRinging size={16} />}
              >
                Alert rules
              </Button>
            }
          />
          <FreeTimeDefaultsSection />
        </>
      )}
    </WorkspaceSettingsGate>
  );
}
