import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import {
  isTerminalKind,
  REFERENCE_MAX,
  testOutcomeLabel,
  type CarrierConnection,
  type TestConnectionResult,
} from '@tracklane/shared/carrier-connections/carrier-connections.schema';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useTestConnection } from '../api/carrier-connections';
import { connectionName, sentence } from './connection-card';

/** Tries a connection on a reference (or the preset's sample) and shows what came back. */
export function TestDialog({
  connection,
  onClose,
}: {
  connection: CarrierConnection | null;
  onClose: () => void;
}) {
  const test = useTestConnection();
  const terminal = connection ? isTerminalKind(connection.kind) : false;
  const [reference, setReference] = useState('');
  const [result, setResult] = useState<TestConnectionResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReference('');
    setResult(null);
    setError(null);
    test.reset();
    onClose();
  };
  const run = async (event: FormEvent) => {
    event.preventDefault();
    if (!connection) return;
    setResult(null);
    setError(null);
    try {
      setResult(
        await test.mutateAsync({ connectionId: connection.id, reference: reference.trim() || undefined }),
      );
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <Modal
      opened={connection !== null}
      onClose={close}
      title={connection ? `Test ${connectionName(connection)}` : ''}
    >
      <form onSubmit={(event) => void run(event)} noValidate>
        <Stack gap="md">
          <TextInput
            label={terminal ? 'Container' : 'Container or bill of lading'}
            description={
              terminal
                ? 'Optional. Without one, Tracklane asks the first terminal for a container that does not exist: enough to check the credentials.'
                : 'Optional. Without one, Tracklane asks for a container that does not exist: enough to check the credentials.'
            }
            value={reference}
            maxLength={REFERENCE_MAX}
            onChange={(event) => setReference(event.currentTarget.value)}
            data-autofocus
          />
          {result ? (
            <Alert
              color={result.outcome === 'works' ? 'teal' : 'red'}
              icon={
                result.outcome === 'works' ? <IconCircleCheck size={18} /> : <IconAlertTriangle size={18} />
              }
              title={connection ? testOutcomeLabel(result.outcome, connection.kind) : result.outcome}
              role="status"
              data-testid="test-outcome"
            >
              {sentence(result.message)}
            </Alert>
          ) : null}
          {error ? (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Close
            </Button>
            <Button type="submit" loading={test.isPending}>
              Test connection
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
