import { Combobox, Input, Select, type SelectProps } from '@mantine/core';
import { useState } from 'react';

type LightSelectProps = Omit<SelectProps, 'value'> & { value: string | null; 'aria-label': string };

/**
 * A list filter's select, drawn as a plain input until it is first used. A Mantine Select
 * mounts a combobox, a popover with floating-ui's positioning and a transition, and re-renders once they
 * have found their elements; the ocean list has four before its first row. On a phone that was a good
 * share of the page's first long task, for selects most visits never open.
 *
 * The light one has the select's look, name and role. Focusing or clicking it puts the real select in
 * its place with the focus, which opens its list (a searchable select opens on focus), and the real one
 * stays. A select that has a value is the real one from the start: it shows its clear button.
 */
export function LightSelect(props: LightSelectProps) {
  const [used, setUsed] = useState(false);
  if (used || props.value !== null) return <Select {...props} autoFocus={used} />;
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
      rightSection={<Combobox.Chevron size={props.size} />}
      rightSectionPointerEvents="none"
      // A click swaps once the press is over: swapped while it is down, the rest of the press lands
      // beside the new input and takes the focus away from it. The press itself does not focus this
      // button (Safari never does): the real select takes the focus as it mounts.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => setUsed(true)}
      onFocus={() => setUsed(true)}
    >
      <Input.Placeholder>{props.placeholder}</Input.Placeholder>
    </Input>
  );
}
