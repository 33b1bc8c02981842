import { Input, Select, type SelectProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';

type LightSelectProps = Omit<SelectProps, 'value'> & { value: string | null; 'aria-label': string };

/**
 * A list filter's select, drawn as a plain input until it is first used (issue #17). A Mantine Select
 * mounts a combobox, a popover with floating-ui's positioning and a transition, and re-renders once they
 * have found their elements; the ocean list has four before its first row. On a phone that was a good
 * share of the page's first long task, for selects most visits never open.
 *
 * The light one has the select's look, name and role. Focusing it (Tab, a click, a tap) puts the real
 * select in its place with the focus, open when it was a pointer, and the real one stays. A select
 * that has a value is the real one from the start: it shows its clear button.
 */
export function LightSelect(props: LightSelectProps) {
  const [used, setUsed] = useState<'no' | 'focus' | 'pointer'>('no');
  if (used !== 'no' || props.value !== null) {
    return <Select {...props} autoFocus={used !== 'no'} defaultDropdownOpened={used === 'pointer'} />;
  }
  return (
    <Input
      component="button"
      type="button"
      pointer
      className={props.className}
      size={props.size}
      role="combobox"
      aria-label={props['aria-label']}
      aria-expanded={false}
      aria-haspopup="listbox"
      rightSection={<IconChevronDown size={16} stroke={1.5} />}
      rightSectionPointerEvents="none"
      // A pointer is down before the focus arrives (and Safari does not focus a clicked button at all).
      onPointerDown={() => setUsed('pointer')}
      onFocus={() => setUsed((previous) => (previous === 'no' ? 'focus' : previous))}
      onClick={() => setUsed('pointer')}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          setUsed('pointer');
        }
      }}
    >
      <Input.Placeholder>{props.placeholder}</Input.Placeholder>
    </Input>
  );
}
