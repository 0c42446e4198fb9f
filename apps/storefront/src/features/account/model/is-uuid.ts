const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An address's id that cannot name a session or an order is "not found" without asking. */
export const isUuid = (value: string) => UUID_RE.test(value);
