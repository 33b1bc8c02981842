import { Tooltip, type TooltipProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import {
  cloneElement,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
} from 'react';

/** What the target element must accept: its ref and the handlers that mount the tooltip. */
interface TargetProps {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}

export interface LazyTooltipProps extends Omit<TooltipProps, 'children' | 'target'> {
  /** One element that takes a ref and passes on pointer and focus handlers (as Mantine's Tooltip needs). */
  children: ReactElement<TargetProps>;
}

/** Whether focus came from the keyboard (jsdom may not know the selector: then it counts). */
function focusVisible(element: HTMLElement): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

/**
 * Mantine's Tooltip, mounted the first time the pointer enters its target or focus reaches it. Until
 * then the target renders alone: a closed Tooltip still runs floating-ui's hooks, and a list row has a
 * dozen. The target element stays the same (Mantine's `target` prop points the tooltip at it), so focus
 * and hover are never lost; once mounted, hovering is Mantine's own (delays, leaving, Escape), and
 * keyboard focus opens it (unless `events.focus` is false) until blur, Escape or the pointer leaving,
 * as the theme has every Tooltip do.
 */
export function LazyTooltip({ children, opened, disabled, ...tooltip }: LazyTooltipProps) {
  const element = useRef<HTMLElement>(null);
  const ref = useMergedRef(element, children.props.ref);
  const [mounted, setMounted] = useState(false);
  const [focused, setFocused] = useState(false);
  const target = cloneElement(children, {
    ref,
    onPointerEnter(event: PointerEvent<HTMLElement>) {
      children.props.onPointerEnter?.(event);
      if (!disabled) setMounted(true);
    },
    onPointerLeave(event: PointerEvent<HTMLElement>) {
      children.props.onPointerLeave?.(event);
      setFocused(false);
    },
    onFocus(event: FocusEvent<HTMLElement>) {
      children.props.onFocus?.(event);
      if (disabled) return;
      setMounted(true);
      if (tooltip.events?.focus !== false && focusVisible(event.currentTarget)) setFocused(true);
    },
    onBlur(event: FocusEvent<HTMLElement>) {
      children.props.onBlur?.(event);
      setFocused(false);
    },
    onKeyDown(event: KeyboardEvent<HTMLElement>) {
      children.props.onKeyDown?.(event);
      if (event.key === 'Escape') setFocused(false);
    },
  });
  return (
    <>
      {target}
      {mounted ? (
        <Tooltip {...tooltip} disabled={disabled} target={element} opened={focused || opened} />
      ) : null}
    </>
  );
}
