import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';
import classes from './toasts.module.css';

/** Mantine's toast container, at the bottom right. */
export function Toasts() {
  return <Notifications position="bottom-right" classNames={{ root: classes.toasts }} />;
}
