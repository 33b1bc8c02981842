import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { SiteType } from '../../../config/paths';
import { useUiStore } from '../stores/ui-store';
import { counterpartPath, siteTypeFromPath } from '../utils/site-type';

/**
 * The active site type: the current path's when it has one, otherwise the stored choice.
 * Following the path keeps the switcher honest when the user arrives by link or history. Right after
 * a switch the choice wins on the page it was made on: the router keeps that page up while the
 * counterpart loads, and the shell (the sidebar's links) must already lead into the chosen type.
 */
export function useSiteType(): { siteType: SiteType; switchTo: (target: SiteType) => void } {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const storedType = useUiStore((state) => state.siteType);
  const switchedOn = useUiStore((state) => state.switchedOn);
  const setSiteType = useUiStore((state) => state.setSiteType);
  const switching = switchedOn === pathname;
  const pathType = switching ? null : siteTypeFromPath(pathname);

  useEffect(() => {
    if (switching) return;
    if ((pathType && pathType !== storedType) || switchedOn !== null) setSiteType(pathType ?? storedType);
  }, [switching, switchedOn, pathType, storedType, setSiteType]);

  const switchTo = useCallback(
    (target: SiteType) => {
      setSiteType(target, pathname);
      const destination = counterpartPath(pathname, target);
      if (destination) void navigate(destination);
    },
    [navigate, pathname, setSiteType],
  );

  return { siteType: pathType ?? storedType, switchTo };
}
