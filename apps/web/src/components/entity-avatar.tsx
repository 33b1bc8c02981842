import { Avatar, type AvatarProps } from '@mantine/core';

/** Two letters for an organization or workspace: its first two words' initials, or a one-word name's first two letters. */
export function nameInitials(name: string): string {
  const words = name
    .trim()
    .split(/[\s\-,.]+/u)
    .filter(Boolean);
  const [first = '', second] = words;
  const letters = second === undefined ? [...first].slice(0, 2) : [[...first][0], [...second][0]];
  return letters.join('').toUpperCase() || '?';
}

interface EntityAvatarProps extends Omit<AvatarProps, 'src' | 'children'> {
  name: string;
  image: string | null | undefined;
}

/** An organization's or workspace's picture, or its initials on a tinted square. */
export function EntityAvatar({ name, image, radius = 'md', color = 'ocean', ...props }: EntityAvatarProps) {
  return (
    <Avatar src={image ?? null} alt="" radius={radius} color={color} variant="light" {...props}>
      {nameInitials(name)}
    </Avatar>
  );
}
