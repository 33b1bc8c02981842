import type { Plugin } from 'vite';

const USE_ID = /@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/**
 * Mantine's `useId` (every input, checkbox, chip, tab list, popover and tooltip calls it) starts from
 * React's `useId` and, in a layout effect, replaces it with a random id: a state update inside the
 * commit of whatever mounts it. React renders such an update synchronously at once, and first runs the
 * whole commit's passive effects with it, so a page's first commit (with its requests and store
 * subscriptions) became one long task on a phone (ADR 0024). This keeps React's id, which is
 * unique within the app's one root and the same in a page rendered at build time and on the client.
 * The build fails if Mantine's file no longer has the shape this replaces.
 */
export function stableMantineIds(): Plugin {
  return {
    name: 'tracklane-stable-mantine-ids',
    enforce: 'pre',
    transform(code, id) {
      if (!USE_ID.test(id.split('?')[0] ?? '')) return null;
      if (!code.includes('setUuid(randomId())'))
        throw new Error(`${id}: Mantine's useId changed; review vite-plugin-stable-ids.ts`);
      return {
        code: `"use client";
import { useId as useReactId } from "react";
function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === "string" ? staticId : \`mantine-\${reactId.replace(/:/g, "")}\`;
}
export { useId };
`,
        map: null,
      };
    },
  };
}
