import { Button, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import classes from './not-found.module.css';

interface NotFoundProps {
  homeHref: string;
  homeLabel: string;
  /** A way on the page knows of (the user's other workspaces that track it), above the way back. */
  children?: ReactNode;
}

/** The designed 404: says which address failed and offers the way back. */
export function NotFound({ homeHref, homeLabel, children }: NotFoundProps) {
  const { pathname } = useLocation();
  useDocumentTitle('Page not found · Tracklane');
  return (
    <section className={classes.root} data-testid="not-found" aria-labelledby="not-found-title">
      <svg className={classes.art} viewBox="0 0 240 120" aria-hidden="true" focusable="false">
        <path d="M10 96 H230" className={classes.sea} />
        <path d="M20 104 H90 M120 104 H210" className={classes.seaFaint} />
        <path d="M40 80 C80 16, 160 16, 200 80" className={classes.route} />
        <circle cx="40" cy="80" r="6" className={classes.origin} />
        <g transform="translate(200 80)">
          <circle r="14" className={classes.unknown} />
          <text y="5" textAnchor="middle" className={classes.mark}>
            ?
          </text>
        </g>
      </svg>
      <Stack gap="xs" align="center">
        <Text ff="monospace" fw={600} c="ocean.7" size="sm">
          404
        </Text>
        <Title order={1} id="not-found-title">
          Page not found
        </Title>
        <Text c="dimmed" ta="center" maw={440}>
          Nothing is tracked at{' '}
          <Text span ff="monospace" c="gray.8" className={classes.path}>
            {pathname}
          </Text>
          . The link may be mistyped, or the page has moved.
        </Text>
      </Stack>
      {children}
      <Button component={Link} to={homeHref} leftSection={<IconArrowLeft size={16} />}>
        {homeLabel}
      </Button>
    </section>
  );
}
