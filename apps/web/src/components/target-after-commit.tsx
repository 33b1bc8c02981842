import { cloneElement, useEffect, useState, type ReactElement, type Ref } from 'react';

type TargetChild = ReactElement<{ className?: string; ref?: Ref<HTMLElement> }>;

interface TargetAfterCommitProps {
  /** The ref Mantine's `Popover.Target` / `Menu.Target` hands over, given `refProp="targetRef"`. */
  targetRef?: Ref<HTMLElement>;
  className?: string;
  children: TargetChild;
  /** The rest of what the target adds (its handlers, aria and data attributes), passed on as is. */
  [prop: string]: unknown;
}

/**
 * The child of a `Popover.Target` or `Menu.Target refProp="targetRef"` that hands its element to the
 * popover after the commit that mounts it, in an effect, rather than during it. Mantine's popover and
 * floating-ui keep the target element in state: set during a commit, that is an update React renders
 * synchronously at once, running every effect of the commit with it, so a page's first commit (the
 * top bar's menus, the list's column settings) was one long task on a phone (issue #17). Set from an
 * effect it renders with the page's other effects, in a task of their own. Everything else the target
 * gives (handlers, aria attributes, its class) goes to the child.
 */
export function TargetAfterCommit({ targetRef, className, children, ...rest }: TargetAfterCommitProps) {
  // Where the child's element waits for the effect: a plain object, as setting state from the child's
  // ref would be the very update in the commit that this avoids.
  const [holder] = useState(newHolder);
  useEffect(() => handOver(targetRef, holder.element), [targetRef, holder]);
  return cloneElement(children, {
    ...rest,
    className: [className, children.props.className].filter(Boolean).join(' ') || undefined,
    ref: holder.keep,
  });
}

interface Holder {
  element: HTMLElement | null;
  keep: (element: HTMLElement | null) => void;
}

function newHolder(): Holder {
  const holder: Holder = {
    element: null,
    keep: (element) => {
      holder.element = element;
    },
  };
  return holder;
}

/** Gives `element` to `ref` (a callback or an object); returns what takes it back. */
function handOver(ref: Ref<HTMLElement> | undefined, element: HTMLElement | null): (() => void) | undefined {
  if (!ref) return undefined;
  if (typeof ref === 'function') {
    const cleanup = ref(element);
    return typeof cleanup === 'function' ? cleanup : () => ref(null);
  }
  ref.current = element;
  return () => {
    ref.current = null;
  };
}
