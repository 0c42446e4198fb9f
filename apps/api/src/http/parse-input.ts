import { z } from 'zod';
import { validationFailed } from './app-error';

/**
 * The raw query string as the app's parser yields it (app.ts: one string per name). Routes that
 * read it with the query grammar (`parseQuery`) declare this as their `querystring` schema, so
 * the request is typed without a cast and the grammar still decides what is allowed.
 */
export const rawQuerySchema = z.record(z.string(), z.string());

/**
 * Parses request input inside a handler, after the caller hook: for routes where who is calling
 * must be checked before the input (the seller API's 401 comes before its 400). A refusal is the
 * caller's 400 in the same words a zod refusal has always had (`{field}: {message}`), never a
 * stray ZodError (which the error handler treats as the server's fault).
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
