import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/**
 * Validators compiled from DCSA's own Track & Trace 2.2 document (a copy of shared/reference/dcsa), not our
 * schemas: what they accept is what a 2.2 client accepts.
 */
const SPEC_PATH = new URL(
  '../src/integrations/tracking/dcsa/fixtures/dcsa-spec/tnt-2.2.0-resolved.yaml',
  import.meta.url,
);

// ajv reads OpenAPI 3.0 schemas as JSON Schema: `nullable`, `example` and the like are annotations.
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
// The error schema's misprinted `format: $date-time` is not a format ajv knows.
ajv.addFormat('$date-time', true);
ajv.addSchema(parse(readFileSync(SPEC_PATH, 'utf8')) as object, 'tnt');

const compile = (pointer: string): ValidateFunction => ajv.compile({ $ref: `tnt#${pointer}` });

export const dcsaSpec = {
  /** The 200 answer of `GET /v2/events`: an array of any of the three event kinds. */
  eventsResponse: compile('/paths/~1v2~1events/get/responses/200/content/application~1json/schema'),
  transportEvent: compile('/components/schemas/transportEvent'),
  equipmentEvent: compile('/components/schemas/equipmentEvent'),
  /** The body a 2.2 subscription callback POSTs (what a DCSA-shaped webhook sends). */
  callbackBody: compile(
    `/paths/~1v2~1event-subscriptions/post/callbacks/event/${encodeURIComponent('{$request.body.callbackUrl}')}/post/requestBody/content/application~1json/schema`,
  ),
  error: compile('/components/schemas/error'),
};

/** ajv's errors as one line a failing assertion can show. */
export const describeErrors = (validate: ValidateFunction) =>
  (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`).join('; ');
