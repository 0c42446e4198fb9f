/**
 * A code as people type it or a scanner reads it (a ticket's, an order's, a member card's):
 * spaces and a leading `#` dropped (the mail prints `Ticket #…`). The door's check-in and the
 * member-card login (identity §2 Login `scan_code`, decision 0077) read codes this one way.
 */
export const normalizeScanCode = (raw: string) => raw.replace(/\s+/g, '').replace(/^#/, '');
