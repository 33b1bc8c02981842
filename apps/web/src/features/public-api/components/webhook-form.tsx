import { Button, Checkbox, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import {
  DCSA_WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookShape,
} from '@tracklane/shared/webhooks/webhooks.schema';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';

export interface WebhookFormValues {
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
  shape: WebhookShape;
}

interface WebhookFormProps {
  endpoint?: WebhookEndpoint;
  submitLabel: string;
  onSubmit: (values: WebhookFormValues) => Promise<void>;
}

/** URL, description, event types and body shape of an endpoint; DCSA's shape takes carrier events only. */
export function WebhookForm({ endpoint, submitLabel, onSubmit }: WebhookFormProps) {
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [shape, setShape] = useState<WebhookShape>(endpoint?.shape ?? 'tracklane');
  const [types, setTypes] = useState<WebhookEventType[]>(endpoint?.eventTypes ?? [...WEBHOOK_EVENT_TYPES]);
  const [error, setError] = useState<{ field: 'url' | 'types'; message: string } | null>(null);
  const [pending, setPending] = useState(false);

  const allowed = (type: WebhookEventType) =>
    shape === 'tracklane' || DCSA_WEBHOOK_EVENT_TYPES.includes(type);
  const chosen = types.filter(allowed);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!/^https?:\/\/\S+$/i.test(url.trim())) {
      setError({ field: 'url', message: 'Enter an http or https URL, e.g. https://example.com/hooks' });
      return;
    }
    if (chosen.length === 0) {
      setError({ field: 'types', message: 'Choose at least one event' });
      return;
    }
    setPending(true);
    try {
      await onSubmit({ url: url.trim(), description: description.trim(), eventTypes: chosen, shape });
    } catch (err) {
      const message = errorMessage(err);
      setError({ field: /event/i.test(message) ? 'types' : 'url', message });
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <TextInput
          label="Endpoint URL"
          placeholder="https://example.com/hooks/tracklane"
          value={url}
          maxLength={WEBHOOK_URL_MAX}
          onChange={(event) => setUrl(event.currentTarget.value)}
          error={error?.field === 'url' ? error.message : null}
          data-autofocus
        />
        <TextInput
          label="Description"
          placeholder="Optional: what receives it"
          value={description}
          maxLength={120}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="webhook-shape-label">
            Body
          </Text>
          <SegmentedControl
            aria-labelledby="webhook-shape-label"
            value={shape}
            onChange={(value) => setShape(value)}
            data={[
              { value: 'tracklane', label: 'Tracklane JSON' },
              { value: 'dcsa', label: 'DCSA T&T 2.2' },
            ]}
          />
          <Text size="xs" c="dimmed">
            {shape === 'tracklane'
              ? 'An event object with the shipment, as /api/v1/ returns it.'
              : 'An array of DCSA Track & Trace 2.2 events (ocean carrier events only), as a DCSA subscription sends them.'}
          </Text>
        </Stack>
        <Checkbox.Group
          label="Events"
          value={chosen}
          onChange={(value) => setTypes(value)}
          error={error?.field === 'types' ? error.message : null}
        >
          <Stack gap="xs" mt="xs">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox
                key={type}
                value={type}
                disabled={!allowed(type)}
                label={WEBHOOK_EVENT_LABELS[type]}
                description={allowed(type) ? type : `${type}: not available in the DCSA shape`}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
