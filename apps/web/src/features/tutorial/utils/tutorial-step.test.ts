import { describe, expect, it } from 'vitest';
import { tutorialStep, type TutorialConditions } from './tutorial-step';

const shown: TutorialConditions = {
  authenticated: true,
  viewportWidth: 1280,
  display: true,
  pathname: '/',
  progress: 'welcome',
};

describe('tutorial step', () => {
  it('shows step one on /, both dashboards and /new-shipments/create', () => {
    for (const pathname of ['/', '/dashboard/ocean', '/dashboard/truck/express', '/new-shipments/create'])
      expect(tutorialStep({ ...shown, pathname })).toBe('welcome');
  });

  it('hides it for each of the four conditions', () => {
    expect(tutorialStep({ ...shown, authenticated: false })).toBeNull();
    expect(tutorialStep({ ...shown, viewportWidth: 1024 })).toBeNull();
    expect(tutorialStep({ ...shown, viewportWidth: 1025 })).toBe('welcome');
    expect(tutorialStep({ ...shown, display: false })).toBeNull();
    expect(tutorialStep({ ...shown, display: null })).toBeNull();
    for (const pathname of ['/shipments/ocean/active', '/settings/profile', '/new-shipments/ocean'])
      expect(tutorialStep({ ...shown, pathname })).toBeNull();
  });

  it('shows the later steps on the new-shipment page NEXT led to, and nothing once cancelled', () => {
    expect(tutorialStep({ ...shown, progress: 'add', pathname: '/new-shipments/ocean' })).toBe('add');
    expect(tutorialStep({ ...shown, progress: 'list', pathname: '/new-shipments/truck/express' })).toBe(
      'list',
    );
    expect(tutorialStep({ ...shown, progress: 'add', pathname: '/' })).toBeNull();
    expect(tutorialStep({ ...shown, progress: 'cancelled' })).toBeNull();
  });
});
