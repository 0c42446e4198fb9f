import { demoId } from './demo-ids';
import type { DemoEvent } from './demo-types';
import { addDays, isoWeekday, zonedWallTimeToUtc } from '@/lib/zoned-time';

export interface SessionRow {
  id: string;
  sellerId: string;
  eventTemplateId: string;
  startDatetime: Date;
  endDatetime: Date;
  capacity: number;
  usedCapacity: number;
  soldOut: boolean;
}

/**
 * Expands an event's schedule into session rows. Day 0 is the venue's local today (`today`);
 * times are venue wall clock, converted to UTC per day so DST changes keep "10:00" at 10:00.
 */
export function buildSessions(
  sellerSlug: string,
  sellerId: string,
  eventId: string,
  event: DemoEvent,
  today: string,
  timeZone: string,
): SessionRow[] {
  const schedule = event.schedule;
  if (!schedule) return [];
  const row = (
    date: string,
    time: string,
    durationMinutes: number,
    capacity: number,
    used: number,
  ): SessionRow => {
    const start = zonedWallTimeToUtc(date, time, timeZone);
    return {
      id: demoId(`${sellerSlug}/session/${event.key}/${date}T${time}`),
      sellerId,
      eventTemplateId: eventId,
      startDatetime: start,
      endDatetime: new Date(start.getTime() + durationMinutes * 60_000),
      capacity,
      usedCapacity: used,
      soldOut: capacity >= 0 && used >= capacity,
    };
  };
  if (schedule.kind === 'single') {
    return [
      row(
        addDays(today, schedule.dayOffset),
        schedule.time,
        schedule.durationMinutes,
        schedule.capacity,
        schedule.used,
      ),
    ];
  }
  const rows: SessionRow[] = [];
  for (let day = 0; day < schedule.days; day++) {
    const date = addDays(today, day);
    if (schedule.weekdays && !schedule.weekdays.includes(isoWeekday(date))) continue;
    schedule.times.forEach((time, slot) => {
      const used = Math.min(schedule.capacity, schedule.used(day, slot, schedule.capacity));
      rows.push(row(date, time, schedule.durationMinutes, schedule.capacity, used));
    });
  }
  return rows;
}
