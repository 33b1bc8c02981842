import { Alert, Loader, Paper, Skeleton, Stack, Text, type MantineSpacing } from '@mantine/core';
import { IconZoomQuestion } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { isApiError } from '../lib/api-client';
import classes from './detail-page.module.css';
import { QueryErrorAlert } from './query-error-alert';

interface DetailLoadingProps {
  /** Read out while loading: "Loading the shipment". */
  label: string;
  /** Placeholders for what stands above the body (header, route). */
  head: ReactNode;
  /** Height of the main card's placeholder. */
  mainHeight: number;
}

/** A detail page before its first answer: placeholders in the page's own layout. */
export function DetailLoading({ label, head, mainHeight }: DetailLoadingProps) {
  return (
    <Stack gap="md" aria-busy="true" aria-label={label}>
      {head}
      <div className={classes.body}>
        <Skeleton height={mainHeight} radius="lg" />
        <Skeleton height={260} radius="lg" />
      </div>
    </Stack>
  );
}

interface DetailLoadErrorProps {
  error: unknown;
  /** The alert's title: "Could not load the shipment". */
  title: string;
  onRetry: () => void;
  /** Shown instead of the alert when the server says there is no such shipment here. */
  notFound: ReactNode;
  /** The statuses that mean "no such shipment here". */
  notFoundStatuses?: readonly number[];
  /** Above the alert (not above `notFound`): a heading when the page has no header yet. */
  heading?: ReactNode;
}

/** A detail page whose shipment could not be loaded: not tracked here, or an error with a retry. */
export function DetailLoadError({
  error,
  title,
  onRetry,
  notFound,
  notFoundStatuses = [404],
  heading,
}: DetailLoadErrorProps) {
  if (isApiError(error) && notFoundStatuses.includes(error.status)) return <>{notFound}</>;
  return (
    <>
      {heading}
      <QueryErrorAlert title={title} error={error} onRetry={onRetry} />
    </>
  );
}

/** A shipment whose first answer from the carrier is still awaited. */
export function DetailPendingCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="xl" className={classes.stateCard} data-testid="detail-pending">
      <Loader size="sm" />
      <div>
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed">
          {children}
        </Text>
      </div>
    </Paper>
  );
}

interface DetailCarrierNotFoundProps {
  title: string;
  /** What the carrier was asked and what to check. */
  children: ReactNode;
  /** The carrier's own answer, when it gave one. */
  lastError: string | null;
  mb?: MantineSpacing;
}

/** The carrier does not know the shipment (yet). */
export function DetailCarrierNotFound({ title, children, lastError, mb }: DetailCarrierNotFoundProps) {
  return (
    <Alert
      color="orange"
      variant="light"
      radius="lg"
      icon={<IconZoomQuestion size={20} />}
      title={title}
      mb={mb}
      data-testid="detail-not-found-at-carrier"
    >
      <Text size="sm">{children}</Text>
      {lastError ? (
        <Text size="xs" c="dimmed" mt={6}>
          Carrier answer: {lastError}
        </Text>
      ) : null}
    </Alert>
  );
}
