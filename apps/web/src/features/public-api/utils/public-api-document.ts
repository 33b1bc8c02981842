import { paths as appPaths } from '../../../config/paths';

/** The parts of an OpenAPI document the reference page reads. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, { tags?: string[] }>>;
  tags?: { name: string }[];
  [key: string]: unknown;
}

/**
 * The public API's part of the server's document: the /api/v1/ paths only (the other routes serve the
 * web app with its session and are of no use with a key), titled for API users.
 */
export function publicApiDocument(doc: OpenApiDocument): OpenApiDocument {
  const paths = Object.fromEntries(Object.entries(doc.paths).filter(([path]) => path.startsWith('/api/v1/')));
  const used = new Set(
    Object.values(paths).flatMap((methods) => Object.values(methods).flatMap((op) => op.tags ?? [])),
  );
  return {
    ...doc,
    info: {
      ...doc.info,
      title: 'Tracklane public API (v1)',
      description: `Shipments of both modes and their events, and a DCSA Track & Trace 2.2 events feed, for the workspace of an API key. Send the key as \`Authorization: Bearer <key>\`. Webhook deliveries and their signatures: see the [webhooks guide](${appPaths.workspaceSettings.webhooksGuide}).`,
    },
    paths,
    ...(doc.tags ? { tags: doc.tags.filter((t) => used.has(t.name)) } : {}),
  };
}
