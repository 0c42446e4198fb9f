import { z } from 'zod';
import { collectionSchema } from './envelope';

/**
 * The office's members screen (issue #27 "Members", decision 0089): find a member by name,
 * e-mail or card number (member ID), see their terms, the benefits used and the auto-renew
 * state; cancel auto-renew, resend the card, extend a term, each with a reason.
 */

const reason = z.string().trim().min(1).max(1000);

/** One term as the office sees it. */
export const officeMemberTermSchema = z.object({
  id: z.string().uuid(),
  member_code: z.string(),
  /** the level's name */
  level: z.string(),
  valid_from: z.string(),
  valid_to: z.string(),
  /** scheduled | cancelled | requested | not_enrolled */
  auto_renew_state: z.string(),
  /** member tickets allowed per session, per ticket type id ("*": the wildcard pool) */
  benefits: z.record(z.string(), z.number()),
  /** member tickets sold to the holder during the term, per ticket type id */
  benefits_used: z.record(z.string(), z.number()),
  /** the name of each ticket type id in `benefits` and `benefits_used`, for the office to show */
  ticket_type_names: z.record(z.string(), z.string()),
  /** valid now */
  current: z.boolean(),
  /** starts later (a renewal bought ahead); neither current nor upcoming: ended */
  upcoming: z.boolean(),
  /** a later term renews this one (it cannot be extended past it) */
  renewed: z.boolean(),
});
export type OfficeMemberTerm = z.infer<typeof officeMemberTermSchema>;

export const officeMemberSchema = z.object({
  identity_id: z.string().uuid(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  /** latest ending first */
  terms: z.array(officeMemberTermSchema),
});
export type OfficeMember = z.infer<typeof officeMemberSchema>;

export const officeMembersResponseSchema = z.object({
  member: collectionSchema(officeMemberSchema),
});
export type OfficeMembersResponse = z.infer<typeof officeMembersResponseSchema>;

/** A write on a term: why, for the audit log. */
export const memberActionBodySchema = z.object({ reason });

/** PATCH membership/{id}: a later end of the term. */
export const memberExtendBodySchema = z.object({
  valid_to: z.string().datetime({ offset: true }),
  reason,
});
export type MemberExtendBody = z.infer<typeof memberExtendBodySchema>;
