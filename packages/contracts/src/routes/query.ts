import { z } from 'zod';

/**
 * The query of an API call: the parameters the route names, plus whatever filters the
 * generic read syntax allows (`field._in`, `_gt`, `_lt`, … spec: shopping §7), which the
 * server reads by name; `_seller` is on every call.
 */
export const callQuery = <T extends z.ZodRawShape>(shape: T) =>
  z.looseObject({ _seller: z.string().optional(), ...shape });

/** An optional text parameter. */
export const textParam = z.string().optional();
/** An optional count (`_limit`): a number on the client, text on the wire. */
export const countParam = z.coerce.number().int().nonnegative().optional();
/** The order proofs (identity §7): the secret link's secret, or the cart it was bought from. */
export const proofQuery = { secret: textParam, cart_id: textParam };

/** A url's one id segment. */
export const idParams = <K extends string>(...names: K[]) =>
  z.object(
    Object.fromEntries(names.map((name) => [name, z.string().min(1)])) as Record<K, z.ZodString>,
  );

/** A 204's empty answer. */
export const noContent = z.null();
