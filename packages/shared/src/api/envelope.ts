import { z } from 'zod';

/**
 * Every API answer has this shape (spec §7: "Responses mostly carry success, result and message").
 * `code` is a stable machine-readable code: `OK` on success, an {@link ErrorCode} otherwise.
 */
export interface ApiEnvelope<T> {
  success: boolean;
  result: T;
  message: string;
  code: string;
}

/** The zod schema of a successful envelope around `result`, for route response schemas. */
export function envelopeSchema<T extends z.core.$ZodType>(result: T) {
  return z.object({
    success: z.boolean(),
    result,
    message: z.string(),
    code: z.string(),
  });
}

export const errorEnvelopeSchema = envelopeSchema(z.null());
