import { ActionIcon, CloseButton, Loader, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { IconSearch } from '@tabler/icons-react';
import { isSearchable, SEARCH_MAX_LENGTH } from '@tracklane/shared/search/search-query';
import type { SearchResult } from '@tracklane/shared/search/search.schema';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type ComponentType,
  type KeyboardEvent,
} from 'react';
import { errorMessage } from '../../../lib/api-client';
import { searchQueryOptions, useShipmentSearch } from '../api/search-shipments';
import { useSearchShortcut } from '../hooks/use-search-shortcut';
import classes from './shipment-search.module.css';

/** How long typing pauses before the box asks: one request per word typed, not per key. */
export const SEARCH_DEBOUNCE_MS = 250;

/** What the results panel shows. */
export type SearchPanelState =
  /** Nothing searchable typed yet (or too much): what to type. */
  | { kind: 'hint'; tooLong: boolean }
  /** The first answer for this text is on its way. */
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  /** An answer: for `query`, which may be an earlier text while the next answer loads (`refreshing`). */
  | { kind: 'results'; query: string; items: SearchResult[]; truncated: boolean; refreshing: boolean };

/** What the box hands its results panel, which the app loads on first use. */
export interface SearchResultsProps {
  state: SearchPanelState;
  listboxId: string;
  /** The id of the option at `index`, which the box names as its active descendant. */
  optionId: (index: number) => string;
  activeIndex: number;
  onActivate: (index: number) => void;
  onOpen: (result: SearchResult) => void;
  onRetry: () => void;
}

interface ShipmentSearchProps {
  /** The results panel (lazy: most visits never search). */
  Results: ComponentType<SearchResultsProps>;
  /** Starts downloading the panel, once the box is about to be used. */
  preloadResults?: () => void;
  /** Opens a result: its detail page, switching workspace when needed. */
  onOpen: (result: SearchResult) => void;
}

const ERROR_MESSAGE = 'The search could not be done.';

/**
 * The top bar's search (a combobox, WAI-ARIA's pattern): type the beginning of a container, bill of
 * lading, parcel number or tag, and the shipments that match in every workspace the user may see
 * shipments in are listed below it. Arrows move through them, Enter opens one, Escape closes the list
 * (and empties the box when it is already closed). Ctrl+K or `/` focuses it from anywhere. Below 768 px
 * it is an icon that opens the box across the whole top bar.
 */
export function ShipmentSearch({ Results, preloadResults, onOpen }: ShipmentSearchProps) {
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  // A phone's box, over the top bar; on a wide screen the box is always there and this changes nothing.
  const [expanded, setExpanded] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const [active, setActive] = useState<{ query: string; index: number }>({ query: '', index: 0 });
  const inputRef = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const listboxId = useId();
  const optionId = useCallback((index: number) => `${listboxId}-option-${String(index)}`, [listboxId]);

  const text = value.trim();
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const search = useShipmentSearch(debounced);
  const state = panelState(text, debounced, search);
  const items = state.kind === 'results' ? state.items : [];
  // The active option belongs to the answer it was chosen in: a new answer starts at its first result.
  const activeIndex = state.kind === 'results' && active.query === state.query ? active.index : 0;

  // A phone's box appears (display) before it can take the focus.
  // What it holds is selected, so that the next number typed replaces it.
  useEffect(() => {
    if (!focusRequest) return;
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [focusRequest]);

  const focusBox = useCallback(() => {
    preloadResults?.();
    setExpanded(true);
    setOpen(true);
    setFocusRequest((n) => n + 1);
  }, [preloadResults]);
  useSearchShortcut(focusBox);

  const close = () => {
    setOpen(false);
    setExpanded(false);
  };

  const openResult = (result: SearchResult) => {
    close();
    setValue('');
    inputRef.current?.blur();
    onOpen(result);
  };

  const openBestMatch = async (query: string) => {
    const answer = await queryClient.fetchQuery(searchQueryOptions(query)).catch(() => null);
    const best = answer?.items[0];
    // Nothing found, or it failed: the list says so once it shows this text's answer. More typed since:
    // that text's answer is what the user waits for.
    if (best && inputRef.current?.value.trim() === query) openResult(best);
  };

  const move = (step: number) => {
    if (state.kind !== 'results' || items.length === 0) return;
    setActive({ query: state.query, index: (activeIndex + step + items.length) % items.length });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        else move(event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter':
        if (state.kind === 'results' && !state.refreshing) {
          const result = items[activeIndex];
          if (!result) return;
          event.preventDefault();
          openResult(result);
        } else if (isSearchable(text)) {
          // Pasted or typed faster than the list follows: the best match for the text as it is now.
          event.preventDefault();
          setOpen(true);
          void openBestMatch(text);
        }
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        if (open && (text || expanded)) close();
        else if (value) setValue('');
        else inputRef.current?.blur();
        break;
    }
  };

  // Focus moving elsewhere closes the list; within it (its Try again button) keeps it.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) close();
  };

  const activeId = open && items.length ? optionId(activeIndex) : undefined;
  const refreshing = state.kind === 'loading' || (state.kind === 'results' && state.refreshing);

  return (
    <div className={classes.root} data-expanded={expanded || undefined} data-search-open={open || undefined}>
      <Tooltip label="Search shipments">
        <ActionIcon
          className={classes.trigger}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label="Search shipments"
          onClick={focusBox}
          onPointerEnter={preloadResults}
          data-testid="search-trigger"
        >
          <IconSearch size={20} stroke={1.75} />
        </ActionIcon>
      </Tooltip>
      <div className={classes.box} onBlur={onBlur} data-testid="search-box">
        <TextInput
          ref={inputRef}
          className={classes.field}
          classNames={{ input: classes.input }}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setOpen(true);
          }}
          onFocus={() => {
            preloadResults?.();
            setOpen(true);
          }}
          onPointerEnter={preloadResults}
          onKeyDown={onKeyDown}
          placeholder="Search containers, B/L, parcels, POs, tags"
          aria-label="Search shipments by container, bill of lading, parcel number or tag"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open && items.length ? listboxId : undefined}
          aria-activedescendant={activeId}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          leftSection={<IconSearch size={16} stroke={1.75} aria-hidden />}
          rightSection={
            refreshing && text ? (
              <Loader size={14} aria-label="Searching" />
            ) : value ? (
              <CloseButton
                size="sm"
                aria-label="Clear search"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  setValue('');
                  inputRef.current?.focus();
                }}
              />
            ) : (
              <kbd className={classes.kbd} aria-hidden>
                /
              </kbd>
            )
          }
          data-testid="search-input"
        />
        <CloseButton
          className={classes.collapse}
          size="lg"
          aria-label="Close search"
          onClick={close}
          data-testid="search-close"
        />
        {open ? (
          <div className={classes.panel} data-testid="search-panel">
            <Results
              state={state}
              listboxId={listboxId}
              optionId={optionId}
              activeIndex={activeIndex}
              onActivate={(index) => {
                if (state.kind === 'results') setActive({ query: state.query, index });
              }}
              onOpen={openResult}
              onRetry={() => void search.refetch()}
            />
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** What to show for the box's text and the answer at hand. */
function panelState(
  text: string,
  debounced: string,
  search: ReturnType<typeof useShipmentSearch>,
): SearchPanelState {
  if (!isSearchable(text)) return { kind: 'hint', tooLong: text.length > SEARCH_MAX_LENGTH };
  if (search.isError && !search.isFetching)
    return {
      kind: 'error',
      message: errorMessage(search.error, ERROR_MESSAGE),
    };
  const answer = search.data;
  if (!answer || !isSearchable(debounced)) return { kind: 'loading' };
  // While a placeholder (the previous text's answer) shows, its active option is the first.
  const query = search.isPlaceholderData ? '' : debounced;
  return {
    kind: 'results',
    query,
    items: answer.items,
    truncated: answer.truncated,
    refreshing: search.isPlaceholderData || search.isFetching || debounced !== text,
  };
}

/** The panel while its code arrives: the box is already searching. */
export function SearchResultsFallback() {
  return (
    <div className={classes.status} role="status">
      <Loader size="sm" />
      <span>Searching…</span>
    </div>
  );
}
