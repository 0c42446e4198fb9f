/** The completed page's `orderIds` (identity §2): a comma-separated list; anything but ids is left out. */
export function parseOrderIds(raw: string | null): string[] {
  return (raw ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => /^[0-9a-f-]{36}$/i.test(id));
}
