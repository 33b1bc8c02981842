import { useAuthStore } from '../../features/auth/stores/auth-store';
import { NotificationsListPage } from '../../features/notifications/components/notifications-list-page';
import { useOpenNotification } from '../use-open-notification';
import { useReaderTimeZone } from './use-shipment-access';

/** /notifications/all: every shipment notification of the signed-in user. */
export function NotificationsPage() {
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const timeZone = useReaderTimeZone();
  const openNotification = useOpenNotification();
  if (!userId) return null;
  return (
    <NotificationsListPage
      userId={userId}
      timeZone={timeZone}
      onOpenShipment={(notification) => void openNotification(notification)}
    />
  );
}
