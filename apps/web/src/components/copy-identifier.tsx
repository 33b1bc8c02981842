import { ActionIcon, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import classes from './copy-identifier.module.css';

interface CopyIdentifierProps {
  value: string;
  /** What is copied, for the button's name: "container number", "bill of lading number". */
  what: string;
  size?: 'xs' | 'sm';
}

/** One click copies a container or bill of lading number; the icon confirms it. */
export function CopyIdentifier({ value, what, size = 'xs' }: CopyIdentifierProps) {
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : `Copy ${what}`} openDelay={copied ? 0 : 300}>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            size={size}
            className={classes.copy}
            data-copied={copied || undefined}
            aria-label={`Copy ${what} ${value}`}
            onClick={(event) => {
              event.stopPropagation();
              copy();
            }}
          >
            {copied ? <IconCheck size={14} stroke={2} /> : <IconCopy size={14} stroke={1.75} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
