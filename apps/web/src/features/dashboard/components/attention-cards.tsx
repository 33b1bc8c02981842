import { Anchor, Group, Paper, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Fragment, lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { NoConnectionAction } from '../../../components/no-connection';
import { formatDate, formatDay } from '../../../lib/dates';
import { useHydrated } from '../../../lib/use-hydrated';
import {
  attentionHref,
  exceptionsHref,
  itemHref,
  type AnyDashboard,
  type DashboardModeConfig,
  type EtaReasonComponent,
} from '../utils/modes';
import classes from './dashboard.module.css';

type Reason = AnyDashboard['attentionVO'][number]['items'][number]['reason'];

/** A piece of a reason in words, its date written as every date in the product (spec §9: day/month/year). */
const partText = (part: Reason[number], timeZone: string): string =>
  part.kind === 'day'
    ? formatDay(part.value)
    : part.kind === 'instant' || part.kind === 'eta'
      ? formatDate(part.value, timeZone)
      : part.value;

/** Each mode's ETA view, made lazy once: the same component across renders. */
const lazyEtaReasons = new WeakMap<() => Promise<EtaReasonComponent>, EtaReasonComponent>();
function lazyEtaReason(load: () => Promise<EtaReasonComponent>): EtaReasonComponent {
  let component = lazyEtaReasons.get(load);
  if (!component) {
    component = lazy(async () => ({ default: await load() }));
    lazyEtaReasons.set(load, component);
  }
  return component;
}

/** A reason as the card shows it: an ETA with its sources, as the mode shows them. */
function ReasonLine({
  reason,
  config,
  timeZone,
}: {
  reason: Reason;
  config: DashboardModeConfig;
  timeZone: string;
}) {
  // Drawn in the browser only: on the server a lazy part would suspend, and the server's render
  // (`renderToString`) would leave it to the browser to draw, which React reports as an error.
  const hydrated = useHydrated();
  const EtaReason = hydrated && config.etaReason ? lazyEtaReason(config.etaReason) : null;
  return reason.map((part, i) =>
    part.kind === 'eta' && EtaReason ? (
      // The day alone until the mode's view (its tooltip) has loaded: the same text either way.
      <Suspense key={i} fallback={partText(part, timeZone)}>
        <EtaReason part={part} timeZone={timeZone} />
      </Suspense>
    ) : (
      <Fragment key={i}>{partText(part, timeZone)}</Fragment>
    ),
  );
}

interface AttentionCardsProps {
  cards: AnyDashboard['attentionVO'];
  exceptions: AnyDashboard['exceptions'];
  config: DashboardModeConfig;
  timeZone: string;
}

const exceptionWords = (n: number) => `${String(n)} open exception${n === 1 ? '' : 's'}`;

/**
 * What needs a look (spec §3 attentionVO): one card per rule with its count and top shipments, each
 * with its reason. The card's title opens the list narrowed to exactly the shipments it counts.
 */
export function AttentionCards({ cards, exceptions, config, timeZone }: AttentionCardsProps) {
  const raised = cards.filter((card) => card.count > 0);
  const clear = cards.filter((card) => card.count === 0);
  // The exceptions people own for a card's rule, when the rule is raised as one.
  const owned = (rule: string) => {
    const type = config.exceptionTypes?.[rule];
    const count = type ? (exceptions?.byType[type] ?? 0) : 0;
    return type && count > 0 ? { type, count } : null;
  };
  return (
    <section aria-label="Needs attention" className={classes.attentionSection}>
      {exceptions && exceptions.active > 0 ? (
        <Anchor component={Link} to={exceptionsHref()} size="sm" fw={600} data-testid="dashboard-exceptions">
          {exceptionWords(exceptions.active)} to work on
        </Anchor>
      ) : null}
      {raised.length > 0 ? (
        <div className={classes.attention}>
          {raised.map((card) => {
            const href = attentionHref(config, card.rule);
            const more = card.count - card.items.length;
            const work = owned(card.rule);
            return (
              <Paper
                key={card.rule}
                component="article"
                withBorder
                radius="lg"
                p="md"
                className={classes.card}
                aria-label={`${card.label}: ${String(card.count)}`}
                data-testid="attention-card"
              >
                <div className={classes.cardHead}>
                  <Anchor component={Link} to={href} fw={600} size="sm" c="gray.9">
                    {card.label}
                  </Anchor>
                  <span className={classes.cardCount}>{card.count}</span>
                </div>
                <ul className={classes.items}>
                  {card.items.map((item) => (
                    <li key={item.id}>
                      <Anchor
                        component={Link}
                        to={itemHref(config, item.link, timeZone)}
                        className={classes.identifier}
                      >
                        {item.identifier}
                      </Anchor>
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        <ReasonLine reason={item.reason} config={config} timeZone={timeZone} />
                        {card.rule === 'noConnection' ? (
                          <>
                            : <NoConnectionAction />
                          </>
                        ) : null}
                      </Text>
                    </li>
                  ))}
                </ul>
                {more > 0 || work ? (
                  <Group gap="md" mt="auto">
                    {more > 0 ? (
                      <Anchor component={Link} to={href} size="sm">
                        See all {card.count}
                      </Anchor>
                    ) : null}
                    {work ? (
                      <Anchor component={Link} to={exceptionsHref(work.type)} size="sm" c="orange.8">
                        {exceptionWords(work.count)}
                      </Anchor>
                    ) : null}
                  </Group>
                ) : null}
              </Paper>
            );
          })}
        </div>
      ) : null}
      {clear.length > 0 ? (
        <div className={classes.clear}>
          <Group gap={6} wrap="nowrap">
            <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" />
            <Text size="sm" fw={600}>
              {raised.length === 0 ? 'Nothing needs attention' : 'All clear'}
            </Text>
          </Group>
          <ul className={classes.clearList} aria-label="All clear">
            {clear.map((card) => (
              <li key={card.rule}>{card.label}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
