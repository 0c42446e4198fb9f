import { z } from 'zod';

/** The largest report body the server reads (bytes); a larger one is refused with 413. */
export const CLIENT_ERROR_BODY_LIMIT = 16 * 1024;

/**
 * One error report from the storefront when no Sentry DSN is configured (identity §8 "The error
 * catalogue", decision 0061): what failed, redacted in the browser and again by the server
 * before it logs it (rules/error-reporting.ts). Every text is bounded so a report stays small.
 */
export const clientErrorBodySchema = z.strictObject({
  /** the error's message */
  message: z.string().min(1).max(1000),
  /** the error's class (`ApiError`, `TypeError`) */
  name: z.string().max(100).optional(),
  /** where it happened: `unhandled_rejection`, `cart_extend`, … */
  context: z.string().max(100),
  /** the failed call's status, code and address when it was an API error */
  status: z.number().int().min(0).max(599).optional(),
  code: z.string().max(100).optional(),
  method: z.string().max(10).optional(),
  url: z.string().max(2000).optional(),
  /** the storefront page it happened on (path and query) */
  page: z.string().max(2000).optional(),
  stack: z.string().max(8000).optional(),
  release: z.string().max(100).optional(),
});
export type ClientErrorBody = z.infer<typeof clientErrorBodySchema>;
