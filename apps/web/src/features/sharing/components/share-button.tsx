import { Button } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { ShareDialog, type ShareSet } from './share-dialog';

/** "Share" on a shipment's detail page: people by e-mail, and public links. */
export function ShareButton(props: { target: ShareSet; ownEmail: string; timeZone: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconShare size={16} />}
        onClick={() => setOpened(true)}
        data-testid="share-button"
      >
        Share
      </Button>
      {opened ? <ShareDialog {...props} opened onClose={() => setOpened(false)} /> : null}
    </>
  );
}
