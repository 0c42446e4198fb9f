import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { answerLinesOf, type AnswerLine } from '@admit/contracts/rules/checkout-answers';
import {
  EVENT_QUESTION_KEYS,
  GROUP_QUESTION_KEYS,
} from '@admit/contracts/rules/checkout-questions';
import { meta } from '@/db/schema/catalog';
import type { TicketRow } from '@/db/schema/cart';
import type { Executor } from '@/db/transaction';

/** What the one reading of the answers needs: tickets and their question meta rows. */
type QuestionSource = Parameters<typeof answerLinesOf>[0];

/** The mails' word for a ticked box (the storefront takes its own from its text catalogue). */
const MAIL_YES = 'Yes';

/**
 * The order's checkout answers as every mail that lists the order names them (decisions 0077,
 * 0080): the first confirmation, the resend and the change mails, one reading.
 */
export function mailAnswerLines(
  source: QuestionSource,
  additionalInfo: unknown,
  locale: string,
): AnswerLine[] {
  const info =
    additionalInfo && typeof additionalInfo === 'object'
      ? (additionalInfo as Record<string, unknown>)
      : null;
  return answerLinesOf(source, info, { yes: MAIL_YES, locale });
}

const unique = (ids: string[]) => [...new Set(ids)];

/**
 * The questions' source of an order mailed after the checkout, when no cart bundle is at hand:
 * every ticket the order has had (a cancelled one was asked about too), in the order they were
 * made, and the question rows of their events and groups. No read when nothing was answered.
 */
export async function orderQuestionSource(
  db: Executor,
  sellerId: string,
  tickets: Pick<TicketRow, 'eventTemplateId' | 'ticketGroupId'>[],
  additionalInfo: unknown,
): Promise<QuestionSource> {
  const rows = tickets.map((t) => ({
    event_template_id: t.eventTemplateId,
    ticket_group_id: t.ticketGroupId,
  }));
  const answered =
    !!additionalInfo &&
    typeof additionalInfo === 'object' &&
    Object.keys(additionalInfo).length > 0;
  if (!answered || rows.length === 0) return { ticket: { _data: rows } };
  const eventIds = unique(rows.map((r) => r.event_template_id));
  const groupIds = unique(rows.map((r) => r.ticket_group_id));
  const metas = await db
    .select({
      resource: meta.resource,
      resource_id: meta.resourceId,
      key: meta.key,
      value: meta.value,
    })
    .from(meta)
    .where(
      and(
        eq(meta.sellerId, sellerId),
        or(
          and(
            eq(meta.resource, 'event_template'),
            inArray(meta.resourceId, eventIds),
            inArray(meta.key, [...EVENT_QUESTION_KEYS]),
          ),
          and(
            eq(meta.resource, 'ticket_group'),
            inArray(meta.resourceId, groupIds),
            inArray(meta.key, [...GROUP_QUESTION_KEYS]),
          ),
        ),
      ),
    )
    .orderBy(asc(meta.resource), asc(meta.resourceId), asc(meta.key));
  return { ticket: { _data: rows }, meta: { _data: metas } };
}
