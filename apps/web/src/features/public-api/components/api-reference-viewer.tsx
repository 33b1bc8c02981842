import { Alert, Skeleton } from '@mantine/core';
import SwaggerUI from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import 'swagger-ui-dist/swagger-ui.css';
import { useEffect, useRef, useState } from 'react';
import { publicApiDocument, type OpenApiDocument } from '../utils/public-api-document';
import classes from './api-reference-viewer.module.css';

export const OPENAPI_PATH = '/api/openapi.json';

/**
 * Swagger UI (swagger-ui-dist, the maintained prebuilt bundle) over the /api/v1/ part of
 * /api/openapi.json. This module is the only one that imports it, and the reference page loads this
 * module lazily: no other page downloads the viewer.
 */
export default function ApiReferenceViewer() {
  const node = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | { error: string }>('loading');

  useEffect(() => {
    const controller = new AbortController();
    fetch(OPENAPI_PATH, { signal: controller.signal, headers: { accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`The server answered ${String(response.status)}`);
        const spec = publicApiDocument((await response.json()) as OpenApiDocument);
        if (controller.signal.aborted || !node.current) return;
        SwaggerUI({
          domNode: node.current,
          spec,
          deepLinking: false,
          docExpansion: 'list',
          defaultModelsExpandDepth: -1,
          tryItOutEnabled: false,
        });
        setState('ready');
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          setState({ error: error instanceof Error ? error.message : String(error) });
      });
    return () => controller.abort();
  }, []);

  return (
    <>
      {typeof state === 'object' ? (
        <Alert color="red" variant="light" title="The API reference could not be loaded">
          {state.error}. Reload the page to try again; the document itself is at {OPENAPI_PATH}.
        </Alert>
      ) : null}
      {state === 'loading' ? (
        <Skeleton height={320} radius="md" aria-label="Loading the API reference" />
      ) : null}
      <div ref={node} className={classes.viewer} data-testid="api-reference" />
    </>
  );
}
