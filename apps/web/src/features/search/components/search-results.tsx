import { Button, Loader } from '@mantine/core';
import { SEARCH_MESSAGES, searchTerms } from '@tracklane/shared/search/search-query';
import type { SearchResult } from '@tracklane/shared/search/search.schema';
import { StatusBadge } from '../../../components/status-badge';
import { searchLook } from '../utils/search-result-href';
import classes from './search-results.module.css';
import type { SearchResultsProps } from './shipment-search';

interface Props extends SearchResultsProps {
  /** The workspace this tab shows: its results open without a switch. */
  currentWorkspaceId: string | null;
}

/**
 * The search's list (loaded on first use): each result names its mode, numbers, status and what
 * matched, and the workspace and organization it is in; opening one in another workspace switches to it.
 * Also the states around it: what to type, searching, nothing found, and a failure with a retry.
 */
export function SearchResults({
  state,
  listboxId,
  optionId,
  activeIndex,
  onActivate,
  onOpen,
  onRetry,
  currentWorkspaceId,
}: Props) {
  if (state.kind === 'hint')
    return (
      <div className={classes.message} data-testid="search-hint">
        <p className={classes.lead}>{state.tooLong ? SEARCH_MESSAGES.tooLong : SEARCH_MESSAGES.tooShort}</p>
        <p>
          Finds containers, bills of lading, parcel numbers, tags, references (booking, customer reference,
          PO) and custom field values in every workspace you can see shipments in.
        </p>
      </div>
    );
  if (state.kind === 'error')
    return (
      <div className={classes.message} role="alert" data-testid="search-error">
        <p className={classes.lead}>Search failed: {state.message}</p>
        <Button size="xs" variant="default" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  if (state.kind === 'loading' || (state.items.length === 0 && state.refreshing))
    return (
      <div className={classes.status} role="status" data-testid="search-loading">
        <Loader size="sm" />
        <span>Searching…</span>
      </div>
    );
  if (state.items.length === 0)
    return (
      <div className={classes.message} role="status" data-testid="search-empty">
        <p className={classes.lead}>No shipment matches “{state.query}”</p>
        <p>
          Check the number, or type only its beginning. Shipments of workspaces where you cannot see shipments
          are not searched.
        </p>
      </div>
    );

  const terms = state.query ? searchTerms(state.query) : null;
  return (
    <>
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Shipments found"
        className={classes.list}
        data-refreshing={state.refreshing || undefined}
        data-testid="search-results"
      >
        {state.items.map((result, index) => {
          const look = searchLook(result);
          const { word, reference, carrier } = look.detail(result);
          return (
            <li
              key={`${result.mode}-${result.shipmentId}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={classes.option}
              // The box keeps the focus (and the keyboard) while the pointer chooses.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => {
                if (index !== activeIndex) onActivate(index);
              }}
              onClick={() => onOpen(result)}
              data-testid="search-result"
            >
              <span className={classes.mode} aria-hidden>
                <look.Icon size={18} stroke={1.6} />
              </span>
              <span className={classes.main}>
                <span className={classes.number}>
                  <span>
                    <Highlighted
                      value={look.number(result)}
                      length={result.match.field === look.numberField ? matchedLength(result, terms) : 0}
                    />
                  </span>
                  {result.archived ? <span className={classes.archived}>Archived</span> : null}
                </span>
                <span className={classes.detail}>
                  {reference ? (
                    <>
                      {word} · {reference.label}{' '}
                      <span className={classes.mono}>
                        <Highlighted
                          value={reference.value}
                          length={result.match.field === reference.field ? matchedLength(result, terms) : 0}
                        />
                      </span>
                    </>
                  ) : (
                    <>
                      {word} · {carrier}
                    </>
                  )}
                  {SHOWN_APART.has(result.match.field) ? (
                    <>
                      {' · '}
                      <span className={classes.tag} data-testid="search-result-match">
                        {result.match.fieldName}:{' '}
                        <Highlighted value={result.match.value} length={matchedLength(result, terms)} />
                      </span>
                    </>
                  ) : null}
                </span>
              </span>
              <span className={classes.side}>
                <StatusBadge look={look.status(result)} pending={result.state === 'pending'} size="sm" />
                <span
                  className={classes.place}
                  data-current={result.workspace.id === currentWorkspaceId || undefined}
                  data-testid="search-result-workspace"
                >
                  {result.workspace.name} · {result.organization.name}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
      <div className={classes.footer}>
        {state.truncated ? (
          <span data-testid="search-truncated">
            The first {state.items.length} matches: type more of the number to narrow them down.
          </span>
        ) : (
          <span>
            {state.items.length} {state.items.length === 1 ? 'shipment' : 'shipments'} in your workspaces
          </span>
        )}
        <span className={classes.keys} aria-hidden>
          ↑↓ choose · Enter open · Esc close
        </span>
      </div>
    </>
  );
}

/**
 * Matches the result's numbers do not show, said after them by field: "Tag: urgent", "PO: 4500012345",
 * "Customer project: Alpha".
 */
const SHOWN_APART = new Set<SearchResult['match']['field']>([
  'tag',
  'poNumber',
  'customerReference',
  'bookingNumber',
  'customField',
]);

/** How much of the matched value the query covers (it begins with it; a tag whatever its case). */
function matchedLength(result: SearchResult, terms: ReturnType<typeof searchTerms> | null): number {
  if (!terms) return 0;
  if (result.match.exact) return result.match.value.length;
  switch (result.match.field) {
    case 'containerNo':
      return terms.container.length;
    case 'mblNo':
      return terms.mbl.length;
    case 'trackingNo':
      return terms.parcel.length;
    case 'tag':
      return terms.tag.length;
    case 'poNumber':
    case 'customerReference':
    case 'bookingNumber':
    case 'customField':
      return terms.reference.length;
  }
}

function Highlighted({ value, length }: { value: string; length: number }) {
  if (length <= 0) return value;
  return (
    <>
      <mark className={classes.mark}>{value.slice(0, length)}</mark>
      {value.slice(length)}
    </>
  );
}
