import { Alert, Button, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage, isApiError } from '../lib/api-client';

/** A list that could not be loaded: why, and a way to ask again. */
export function ListLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      m="lg"
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} />}
      title={
        isApiError(error) && error.status === 403
          ? 'No access to shipments here'
          : 'Could not load the shipments'
      }
    >
      <Text size="sm" mb="xs">
        {errorMessage(error, 'Something went wrong.')}
      </Text>
      <Button size="xs" variant="default" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
