import { useMediaQuery } from '@mantine/hooks';
import { createContext, useContext } from 'react';

/**
 * Whether the page's first render is to draw a phone's layout, when a server rendered it
 * (app-instance.ts `phoneAtFirstRender`): provided around the app, undefined when no server did.
 */
export const PhoneAtFirstRenderContext = createContext<boolean | undefined>(undefined);

/**
 * Whether the window matches `query`, a width query that tells a phone's layout from a wide screen's,
 * followed as the window changes. Read as the component first renders (no second render to switch),
 * except under HTML a server rendered: that render could not see the window, so the first render
 * draws what the server guessed from the request, and the window's answer follows in an effect.
 */
export function useWidthQuery(query: string): boolean {
  const phone = useContext(PhoneAtFirstRenderContext);
  return useMediaQuery(query, phone, { getInitialValueInEffect: phone !== undefined }) ?? false;
}
