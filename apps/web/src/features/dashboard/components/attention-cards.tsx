import { Anchor, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { attentionHref, itemHref, type AnyDashboard, type DashboardModeConfig } from '../utils/modes';
import classes from './dashboard.module.css';

interface AttentionCardsProps {
  cards: AnyDashboard['attentionVO'];
  config: DashboardModeConfig;
  timeZone: string;
}

/**
 * What needs a look (spec §3 attentionVO): one card per rule with its count and top shipments, each
 * with its reason. The card's title opens the list narrowed to exactly the shipments it counts.
 */
export function AttentionCards({ cards, config, timeZone }: AttentionCardsProps) {
  return (
    <section aria-label="Needs attention" className={classes.attention}>
      {cards.map((card) => {
        const href = attentionHref(config, card.rule);
        const more = card.count - card.items.length;
        return (
          <Paper
            key={card.rule}
            component="article"
            withBorder
            radius="lg"
            p="md"
            className={classes.card}
            aria-label={`${card.label}: ${String(card.count)}`}
            data-quiet={card.count === 0 || undefined}
            data-testid="attention-card"
          >
            <div className={classes.cardHead}>
              <Anchor component={Link} to={href} fw={600} size="sm" c="gray.9">
                {card.label}
              </Anchor>
              <span className={classes.cardCount}>{card.count}</span>
            </div>
            {card.items.length > 0 ? (
              <ul className={classes.items}>
                {card.items.map((item) => (
                  <li key={item.id}>
                    <Anchor
                      component={Link}
                      to={itemHref(item.link, timeZone)}
                      className={classes.identifier}
                    >
                      {item.identifier}
                    </Anchor>
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {item.reason}
                    </Text>
                  </li>
                ))}
              </ul>
            ) : (
              <Text size="sm" c="dimmed">
                Nothing here.
              </Text>
            )}
            {more > 0 ? (
              <Anchor component={Link} to={href} size="sm" mt="auto">
                See all {card.count}
              </Anchor>
            ) : null}
          </Paper>
        );
      })}
    </section>
  );
}
