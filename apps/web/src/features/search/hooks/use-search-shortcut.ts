import { useEffect } from 'react';

/** Where `/` is text the user types, not a shortcut. */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/**
 * The search box's keyboard shortcuts, on every signed-in page: Ctrl+K (⌘K on a Mac) anywhere, and `/`
 * outside a text field, as GitHub, Linear and most dashboards do.
 */
export function useSearchShortcut(onShortcut: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.altKey) return;
      const modifier = event.metaKey || event.ctrlKey;
      const commandK = modifier && !event.shiftKey && event.key.toLowerCase() === 'k';
      const slash = !modifier && event.key === '/' && !isEditable(event.target);
      if (!commandK && !slash) return;
      event.preventDefault();
      onShortcut();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onShortcut]);
}
