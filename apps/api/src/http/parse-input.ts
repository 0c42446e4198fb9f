import type { z } from 'zod';
import { validationFailed } from './app-error';

/**
 * Parses request input outside the route schema (a handler that must check something first, or
 * reads input the schema cannot see): a refusal is the caller's 400 `validation_failed` naming
 * the field. A bare `.parse` would throw a ZodError, which the error handler answers as the
 * server's own fault (500, decision 0049).
 */
export function parseInput<T extends z.ZodType>(
  schema: T,
  value: unknown,
  context = 'request',
): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.map(String).join('.') || context;
  throw validationFailed(context, field, issue?.message ?? 'invalid value');
}
