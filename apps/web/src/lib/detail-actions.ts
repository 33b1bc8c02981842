import { notifications } from '@mantine/notifications';
import { errorMessage } from './api-client';

/**
 * Archives (or moves back to active) the one shipment a detail page shows, and says how it went:
 * `name` is its number as the reader knows it.
 */
export async function archiveWithNotice(name: string, archived: boolean, run: () => Promise<unknown>) {
  try {
    await run();
    notifications.show({
      color: 'teal',
      message: archived ? `Archived ${name}` : `Moved ${name} back to active`,
    });
  } catch (error) {
    notifications.show({
      color: 'red',
      title: archived ? 'Could not archive' : 'Could not move back to active',
      message: errorMessage(error),
    });
  }
}
