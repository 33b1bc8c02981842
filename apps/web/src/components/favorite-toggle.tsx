import { ActionIcon, Box, Tooltip } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';

interface FavoriteToggleProps {
  favorite: boolean;
  /** Names the shipment in the button's label, e.g. the container number. */
  name: string;
  onToggle: () => void;
  size?: 'sm' | 'md' | 'lg';
}

/** The favourite star: a toggle button that says its state. */
export function FavoriteToggle({ favorite, name, onToggle, size = 'sm' }: FavoriteToggleProps) {
  const label = favorite ? `Remove ${name} from favourites` : `Add ${name} to favourites`;
  return (
    <Tooltip label={favorite ? 'Favourite' : 'Add to favourites'}>
      <ActionIcon
        variant="subtle"
        color={favorite ? 'yellow' : 'gray'}
        size={size}
        aria-label={label}
        aria-pressed={favorite}
        onClick={(event) => {
          event.stopPropagation();
          onToggle();
        }}
      >
        {favorite ? (
          <IconStarFilled size={16} style={{ color: 'var(--mantine-color-yellow-6)' }} />
        ) : (
          <IconStar size={16} stroke={1.75} />
        )}
      </ActionIcon>
    </Tooltip>
  );
}

/** The star for a reader who may not change favourites: shown when it is one, a same-sized gap when not. */
export function FavoriteMark({ favorite }: { favorite: boolean }) {
  return (
    <Box
      w={22}
      h={22}
      style={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', flex: 'none' }}
    >
      {favorite ? (
        <IconStarFilled
          size={16}
          style={{ color: 'var(--mantine-color-yellow-6)' }}
          role="img"
          aria-label="Favourite"
        />
      ) : null}
    </Box>
  );
}
