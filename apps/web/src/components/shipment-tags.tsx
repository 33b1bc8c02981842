import { Group, TagsInput, Text } from '@mantine/core';
import { IconTag } from '@tabler/icons-react';
import {
  MAX_TAGS_PER_SHIPMENT,
  TAG_MAX_LENGTH,
  TAG_MESSAGES,
  tagProblem,
  uniqueTags,
} from '@tracklane/shared/tags/tags.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { useState } from 'react';
import { errorMessage } from '../lib/api-client';
import { useSetShipmentTags, useWorkspaceTags } from '../lib/shipment-tags';
import { LightBadge } from './light-badge';
import classes from './shipment-tags.module.css';

/** A shipment's tags as small badges (lists, read-only details), plain markup for the lists' sake. */
export function TagBadges({ tags }: { tags: readonly string[] }) {
  if (!tags.length) return null;
  return (
    <span className={classes.tags} data-testid="tag-badges">
      {tags.map((tag) => (
        <LightBadge key={tag} size="xs" color="indigo" className={classes.tag}>
          {tag}
        </LightBadge>
      ))}
    </span>
  );
}

interface ShipmentTagsProps {
  mode: TrackingMode;
  shipmentId: string;
  tags: string[];
  /** shipmentPermission 0: the tags are edited in place; otherwise they are only shown. */
  canEdit: boolean;
}

/**
 * The detail page's tags: the workspace's own words on the shipment. Members who may change shipments
 * add and remove them (each change saved at once, the workspace's tags suggested); others read them.
 */
export function ShipmentTags({ mode, shipmentId, tags, canEdit }: ShipmentTagsProps) {
  const suggestions = useWorkspaceTags(mode, canEdit);
  const save = useSetShipmentTags(mode, shipmentId);
  const [value, setValue] = useState(tags);
  const [saved, setSaved] = useState(tags);
  const [error, setError] = useState<string | null>(null);
  // The shipment was refetched (after a save, or changed elsewhere): show what the server holds.
  if (tags.join('\n') !== saved.join('\n')) {
    setSaved(tags);
    setValue(tags);
  }

  if (!canEdit) {
    return (
      <Group gap="xs" mt="sm" mb="lg" wrap="nowrap" align="center" data-testid="shipment-tags">
        <IconTag size={16} stroke={1.75} aria-hidden color="var(--mantine-color-dimmed)" />
        {tags.length ? (
          <TagBadges tags={tags} />
        ) : (
          <Text size="sm" c="dimmed">
            No tags
          </Text>
        )}
      </Group>
    );
  }

  const change = (next: string[]) => {
    const problem = next.map(tagProblem).find(Boolean);
    if (problem) {
      setError(problem);
      return;
    }
    const unique = uniqueTags(next);
    if (unique.length > MAX_TAGS_PER_SHIPMENT) {
      setError(TAG_MESSAGES.tooMany);
      return;
    }
    setError(null);
    setValue(unique);
    save.mutate(unique, {
      onError: (err) => {
        setValue(saved);
        setError(errorMessage(err, 'The tags could not be saved. Please try again.'));
      },
    });
  };

  return (
    <TagsInput
      mt="sm"
      mb="lg"
      label="Tags"
      description={`Your workspace's own labels: up to ${String(MAX_TAGS_PER_SHIPMENT)}, each up to ${String(TAG_MAX_LENGTH)} characters. Not shown to anyone it is shared with.`}
      placeholder={value.length ? undefined : 'Add a tag, then Enter'}
      value={value}
      onChange={change}
      data={suggestions.data ?? []}
      maxTags={MAX_TAGS_PER_SHIPMENT}
      splitChars={[',']}
      clearable={false}
      error={error}
      leftSection={<IconTag size={16} stroke={1.75} aria-hidden />}
      comboboxProps={{ withinPortal: true }}
      data-testid="shipment-tags-input"
      maw={640}
    />
  );
}
