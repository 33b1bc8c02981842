import { Button } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** The header action of the API pages: the public API's reference. */
export function ApiReferenceLink() {
  return (
    <Button
      component={Link}
      to={paths.workspaceSettings.apiReference}
      variant="default"
      leftSection={<IconBook2 size={16} />}
    >
      API reference
    </Button>
  );
}
