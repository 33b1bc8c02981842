import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { SiteType } from '../../../config/paths';
import { useUiStore } from '../stores/ui-store';
import { counterpartPath, siteTypeFromPath } from '../utils/site-type';

/**
 * The active site type: the current path's when it has one, otherwise the stored choice.
 * Following the path keeps the switcher honest when the user arrives by link or history.
 */
export function useSiteType(): { siteType: SiteType; switchTo: (target: SiteType) => void } {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const storedType = useUiStore((state) => state.siteType);
  const setSiteType = useUiStore((state) => state.setSiteType);
  const pathType = siteTypeFromPath(pathname);

  useEffect(() => {
    if (pathType && pathType !== storedType) setSiteType(pathType);
  }, [pathType, storedType, setSiteType]);

  const switchTo = useCallback(
    (target: SiteType) => {
      setSiteType(target);
      const destination = counterpartPath(pathname, target);
      if (destination) void navigate(destination);
    },
    [navigate, pathname, setSiteType],
  );

  return { siteType: pathType ?? storedType, switchTo };
}
