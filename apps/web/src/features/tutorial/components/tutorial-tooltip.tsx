import { Button, Group, Portal, Text } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { TUTORIAL_TOOLTIP_WIDTH_PX } from '@tracklane/shared/constants';
import { useEffect, useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { SiteType } from '../../../config/paths';
import { useFirstRunPromptHeld } from '../../../lib/first-run-prompts';
import { modeOfSiteType } from '../../../modes/registry';
import { trackUsage } from '../../../lib/track-usage';
import { useSetTutorialDisplay, useTutorialStatuses } from '../api/tutorial-statuses';
import { useAnchorRect, type AnchorRect } from '../hooks/use-anchor-rect';
import { useTutorialStore } from '../stores/tutorial-store';
import { tutorialStep, type TutorialStep } from '../utils/tutorial-step';
import classes from './tutorial.module.css';

interface StepContent {
  title: string;
  text: string;
  /** Where it points, best first. */
  anchors: readonly string[];
  next: string;
}

/** spec §2 step one, word for word; the later steps guide the first shipment. */
const STEPS: Record<TutorialStep, StepContent> = {
  welcome: {
    title: "Welcome! Let's start tracking",
    text: 'Go to New Shipment',
    anchors: ['[data-tutorial="first-step"]', '[data-tutorial="new-shipment"]'],
    next: 'NEXT',
  },
  add: {
    title: 'Add your first shipment',
    text: 'Type its numbers here, or paste many rows from a spreadsheet. Tracklane asks the carrier at once and keeps asking for you.',
    anchors: ['#main-content h1'],
    next: 'NEXT',
  },
  list: {
    title: 'Follow it from the list',
    text: 'Everything you add appears under Shipment List, and the dashboard sums it up and flags what needs a look.',
    anchors: ['[data-tutorial="shipment-list"]'],
    next: 'DONE',
  },
};

const GAP = 14;
const MARGIN = 8;

/** To the right of the anchor when it fits, else below it; always inside the window. */
function placement(anchor: AnchorRect): {
  top: number;
  left: number;
  side: 'right' | 'below';
  arrow: number;
} {
  const width = TUTORIAL_TOOLTIP_WIDTH_PX;
  if (anchor.right + GAP + width + MARGIN <= window.innerWidth) {
    const top = Math.max(MARGIN, anchor.top + anchor.height / 2 - 28);
    return { top, left: anchor.right + GAP, side: 'right', arrow: anchor.top + anchor.height / 2 - top - 6 };
  }
  const left = Math.min(Math.max(MARGIN, anchor.left), window.innerWidth - width - MARGIN);
  const arrow = Math.min(width - 24, Math.max(12, anchor.left + Math.min(anchor.width, 120) / 2 - left - 6));
  return { top: anchor.bottom + GAP, left, side: 'below', arrow };
}

interface TutorialTooltipProps {
  userId: string | null;
  siteType: SiteType;
}

/**
 * The first-use tutorial (spec §2 Tutorial tooltip, 400 px wide): "Don't show me again" turns the
 * multipleShipments tutorial off on the server (spec §4), CANCEL hides it for this visit, NEXT goes to
 * /new-shipments/{siteType}.
 */
export function TutorialTooltip({ userId, siteType }: TutorialTooltipProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { width } = useViewportSize();
  const statuses = useTutorialStatuses(userId);
  const progress = useTutorialStore((s) => s.progress);
  const setProgress = useTutorialStore((s) => s.setProgress);
  const step = tutorialStep({
    authenticated: userId !== null,
    viewportWidth: width,
    display: statuses.data?.multipleShipments.display ?? null,
    pathname,
    progress,
  });
  const anchor = useAnchorRect(step ? STEPS[step].anchors : null);
  const setDisplay = useSetTutorialDisplay(userId ?? '');
  const titleId = useId();
  const textId = useId();
  // One first-run prompt at a time: the tutorial waits while a greeting dialog is open.
  const held = useFirstRunPromptHeld();

  const cancel = () => {
    setProgress('cancelled');
    trackUsage('tutorial_cancel', { step: step ?? 'none' });
  };

  useEffect(() => {
    if (!step || held) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        setProgress('cancelled');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step, held, setProgress]);

  if (!step || !anchor || !userId || held) return null;
  const content = STEPS[step];
  const place = placement(anchor);

  const hide = (action: 'tutorial_hidden' | 'tutorial_finished') => {
    setDisplay.mutate(
      { tutorial: 'multipleShipments', display: false },
      // Failures only logged (spec §8): the flag comes back at the next visit, nothing else breaks.
      { onError: (error) => console.warn('Could not turn the tutorial off', error) },
    );
    trackUsage(action, { step });
  };

  const next = () => {
    trackUsage('tutorial_next', { step });
    if (step === 'welcome') {
      setProgress('add');
      void navigate(modeOfSiteType(siteType).paths.newShipment);
    } else if (step === 'add') setProgress('list');
    else hide('tutorial_finished');
  };

  return (
    <Portal>
      <div
        className={classes.highlight}
        style={{
          top: anchor.top - 4,
          left: anchor.left - 4,
          width: anchor.width + 8,
          height: anchor.height + 8,
        }}
        aria-hidden="true"
      />
      <section
        role="dialog"
        aria-modal="false"
        aria-labelledby={titleId}
        aria-describedby={textId}
        className={classes.card}
        data-placement={place.side}
        data-step={step}
        data-testid="tutorial-tooltip"
        style={{ top: place.top, left: place.left, width: TUTORIAL_TOOLTIP_WIDTH_PX }}
      >
        <span
          className={classes.arrow}
          style={place.side === 'right' ? { top: place.arrow } : { left: place.arrow }}
          aria-hidden="true"
        />
        <Text id={titleId} fw={700} size="md" mb={4}>
          {content.title}
        </Text>
        <Text id={textId} size="sm" c="gray.8" mb="md">
          {content.text}
        </Text>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Button variant="subtle" color="gray" size="xs" px={6} onClick={() => hide('tutorial_hidden')}>
            Don&apos;t show me again
          </Button>
          <Group gap="xs" wrap="nowrap">
            <Button variant="default" size="xs" onClick={cancel}>
              CANCEL
            </Button>
            <Button size="xs" onClick={next}>
              {content.next}
            </Button>
          </Group>
        </Group>
      </section>
    </Portal>
  );
}
