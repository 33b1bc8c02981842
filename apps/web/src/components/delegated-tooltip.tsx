import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import classes from './delegated-tooltip.module.css';

/** Room kept between the tooltip and its element, and between the tooltip and the window's edges. */
const GAP = 6;

/**
 * Events one DelegatedTooltip has answered: one inside another's root (the table's, in the shell's)
 * answers first, as the event bubbles, and the outer one leaves it alone.
 */
const answered = new WeakSet<Event>();
/** True for the innermost DelegatedTooltip an event reaches, false for the others. */
function firstToAnswer(event: Event): boolean {
  if (answered.has(event)) return false;
  answered.add(event);
  return true;
}

interface Shown {
  target: HTMLElement;
  label: string;
}

/**
 * One tooltip for every element under `root` that carries `data-tooltip="…"` (and, optionally,
 * `data-tooltip-delay`, in ms): shown while the pointer rests on it or it has the keyboard focus,
 * above it (below where there is no room), and announced through the element's `aria-describedby`
 * while shown. A table row used to mount a Mantine Tooltip (with its floating-ui hooks) per cell
 * and button: ~400 of them for one page of 50 rows, none of them shown. This is one listener on the
 * table and one element, made when a tooltip is wanted; the elements that ask for it are plain markup,
 * so nothing is wrapped, cloned or mounted again on hover, and a first click lands where it should.
 * The label is read when shown and followed while shown ("Copy …" becomes "Copied").
 */
export function DelegatedTooltip({ root }: { root: RefObject<HTMLElement | null> }) {
  const id = useId();
  const [shown, setShown] = useState<Shown | null>(null);

  useEffect(() => {
    const container = root.current;
    if (!container) return;
    let current: HTMLElement | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let watcher: MutationObserver | null = null;
    let describedBy: string | null = null;

    const hide = () => {
      clearTimeout(timer);
      watcher?.disconnect();
      watcher = null;
      if (current) {
        if (describedBy === null) current.removeAttribute('aria-describedby');
        else current.setAttribute('aria-describedby', describedBy);
      }
      current = null;
      setShown(null);
    };
    const show = (target: HTMLElement, delay: number) => {
      hide();
      current = target;
      const open = () => {
        if (current !== target || !target.isConnected) return;
        const label = target.dataset.tooltip;
        if (!label) return;
        describedBy = target.getAttribute('aria-describedby');
        target.setAttribute('aria-describedby', describedBy ? `${describedBy} ${id}` : id);
        setShown({ target, label });
        watcher = new MutationObserver(() => {
          const next = target.dataset.tooltip;
          if (next) setShown({ target, label: next });
          else hide();
        });
        watcher.observe(target, { attributes: true, attributeFilter: ['data-tooltip'] });
      };
      if (delay > 0) timer = setTimeout(open, delay);
      else open();
    };
    const triggerOf = (node: EventTarget | null) =>
      node instanceof Element ? node.closest<HTMLElement>('[data-tooltip]') : null;

    const onPointerOver = (event: PointerEvent) => {
      // A finger has no hover: the tap is the action (as Mantine's tooltips, which open on hover only).
      if (event.pointerType === 'touch' || !firstToAnswer(event)) return;
      const target = triggerOf(event.target);
      if (target === current) return;
      if (!target) {
        if (current) hide();
        return;
      }
      show(target, Number(target.dataset.tooltipDelay ?? 0));
    };
    const onPointerOut = (event: PointerEvent) => {
      if (!current) return;
      const to = event.relatedTarget;
      if (to instanceof Node && current.contains(to)) return;
      hide();
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!firstToAnswer(event)) return;
      const target = triggerOf(event.target);
      if (target && target !== current) show(target, 0);
    };
    const onFocusOut = (event: FocusEvent) => {
      const to = event.relatedTarget;
      if (current && !(to instanceof Node && current.contains(to))) hide();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && current) hide();
    };

    container.addEventListener('pointerover', onPointerOver);
    container.addEventListener('pointerout', onPointerOut);
    container.addEventListener('focusin', onFocusIn);
    container.addEventListener('focusout', onFocusOut);
    container.addEventListener('keydown', onKeyDown);
    // Scrolling moves the element from under the tooltip: it goes, and comes back on the next hover.
    container.addEventListener('scroll', hide, { passive: true });
    window.addEventListener('scroll', hide, { passive: true, capture: true });
    return () => {
      hide();
      container.removeEventListener('pointerover', onPointerOver);
      container.removeEventListener('pointerout', onPointerOut);
      container.removeEventListener('focusin', onFocusIn);
      container.removeEventListener('focusout', onFocusOut);
      container.removeEventListener('keydown', onKeyDown);
      container.removeEventListener('scroll', hide);
      window.removeEventListener('scroll', hide, { capture: true });
    };
  }, [root, id]);

  if (!shown) return null;
  return createPortal(<TooltipBubble id={id} shown={shown} />, document.body);
}

function TooltipBubble({ id, shown }: { id: string; shown: Shown }) {
  const ref = useRef<HTMLDivElement>(null);
  // Placed once its size is known, before it is painted: centred over the element, kept in the window.
  useLayoutEffect(() => {
    const bubble = ref.current;
    if (!bubble) return;
    const target = shown.target.getBoundingClientRect();
    const { width, height } = bubble.getBoundingClientRect();
    const above = target.top - GAP - height >= GAP;
    const top = above ? target.top - GAP - height : target.bottom + GAP;
    const centred = target.left + target.width / 2 - width / 2;
    const left = Math.max(GAP, Math.min(centred, window.innerWidth - width - GAP));
    bubble.style.transform = `translate(${String(Math.round(left))}px, ${String(Math.round(top))}px)`;
  }, [shown]);

  return (
    <div ref={ref} id={id} role="tooltip" className={classes.tooltip}>
      {shown.label}
    </div>
  );
}
