import type { PricedSession } from '@admit/contracts/availability';
import { venueMinutes } from '@/features/reserve/model/venue-time';

/** One session-picker tab from the event config `web.ecommerce.session_picker_tabs`. */
export interface SessionTabSpec {
  label: string;
  /** "HHMM", 0000 to 2400; start inclusive, end exclusive */
  start: string;
  end: string;
}

export type SessionTabStatus = 'available' | 'not_available' | 'sold_out';

export interface SessionTab {
  label: string;
  sessions: PricedSession[];
  /** spec: shopping §2 — "Not available" (none) or "Sold out" (all sold out) */
  status: SessionTabStatus;
}

const HHMM = /^([01]\d|2[0-4])([0-5]\d)$/;

function toMinutes(hhmm: unknown): number | null {
  if (typeof hhmm !== 'string') return null;
  const match = HHMM.exec(hhmm);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 24 * 60 ? minutes : null;
}

/**
 * The configured tabs, or none when the setting is absent or malformed (spec: shopping §2 —
 * "split by configured time thresholds (0000 to 2400, two or three tabs)").
 */
export function parseSessionTabs(ecommerceConfig: unknown): SessionTabSpec[] {
  const tabs = (ecommerceConfig as { session_picker_tabs?: unknown } | null)?.session_picker_tabs;
  if (!Array.isArray(tabs) || tabs.length < 2 || tabs.length > 3) return [];
  const valid = tabs.every((tab: { label?: unknown; start?: unknown; end?: unknown }) => {
    const start = toMinutes(tab?.start);
    const end = toMinutes(tab?.end);
    return typeof tab?.label === 'string' && start !== null && end !== null && start < end;
  });
  return valid ? (tabs as SessionTabSpec[]) : [];
}

/** A session the visitor can no longer choose. */
export function isSessionSoldOut(session: PricedSession): boolean {
  return session.sold_out || !session.available || session.availableCapacity === 0;
}

/** Sessions split into the tabs by their start time in the venue's zone. */
export function splitIntoTabs(
  sessions: readonly PricedSession[],
  specs: readonly SessionTabSpec[],
  timeZone: string,
): SessionTab[] {
  return specs.map((spec) => {
    const start = toMinutes(spec.start)!;
    const end = toMinutes(spec.end)!;
    const inTab = sessions.filter((session) => {
      const minutes = venueMinutes(session.start_datetime, timeZone);
      return minutes >= start && minutes < end;
    });
    const status: SessionTabStatus =
      inTab.length === 0
        ? 'not_available'
        : inTab.every(isSessionSoldOut)
          ? 'sold_out'
          : 'available';
    return { label: spec.label, sessions: inTab, status };
  });
}

/** The tab to open: the one holding the chosen session, else the first with a session to pick. */
export function initialTabIndex(tabs: readonly SessionTab[], sessionId: string | null): number {
  const chosen = tabs.findIndex((tab) => tab.sessions.some((s) => s.id === sessionId));
  if (chosen >= 0) return chosen;
  const open = tabs.findIndex((tab) => tab.status === 'available');
  return open >= 0 ? open : 0;
}
