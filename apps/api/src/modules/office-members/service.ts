import { toCollection } from '@admit/contracts/envelope';
import type {
  MemberExtendBody,
  OfficeMember,
  OfficeMemberTerm,
} from '@admit/contracts/office-members';
import type { AppConfig } from '@/config';
import type { Db } from '@/db/connection';
import type { MembershipRow } from '@/db/schema/memberships';
import { withRetryingTransaction } from '@/db/transaction';
import { AppError, validationFailed } from '@/http/app-error';
import { isUuid } from '@/http/query-values';
import type { SellerRef } from '@/http/request-context';
import { cancelMembershipAutoRenew } from '@/modules/memberships/auto-renew-cancel';
import { recordAudit, type AuditActor } from '@/modules/office/audit';
import type { ResendService } from '@/modules/resend/service';
import { storefrontRootOf } from '@/modules/sellers/seller-site';
import {
  findMemberIds,
  isRenewed,
  memberTicketsOf,
  peopleOf,
  termOf,
  termsOf,
  ticketTypeNamesOf,
  writeValidTo,
} from './repo';

/**
 * The members screen's rules (issue #27 "Members", decision 0089). The writes reuse the
 * visitor's homes: the auto-renew cancel of memberships/auto-renew-cancel.ts (its mail
 * included) and the member-ID mail of resend/service.ts; each leaves an audit record with the
 * staff user's reason in the same transaction.
 */

export interface MembersDeps {
  db: Db;
  config: Pick<AppConfig, 'PUBLIC_URL' | 'PORT'>;
  resend: ResendService;
}

const benefitsOf = (stored: unknown): Record<string, number> =>
  stored && typeof stored === 'object' && !Array.isArray(stored)
    ? Object.fromEntries(
        Object.entries(stored).filter(
          (e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1]),
        ),
      )
    : {};

/** The people with their terms and, per term, the member tickets bought during it. */
async function membersOf(db: Db, sellerId: string, ids: string[], now: Date) {
  const [people, terms, tickets] = await Promise.all([
    peopleOf(db, ids),
    termsOf(db, sellerId, ids),
    memberTicketsOf(db, ids),
  ]);
  const renewed = new Set(terms.map((t) => t.previousMembershipId).filter(Boolean));
  // one read for the names of every type the terms' benefits or tickets name ("*" is the pool)
  const typeIds = new Set([
    ...terms.flatMap((t) => Object.keys(benefitsOf(t.benefits))),
    ...tickets.map((k) => k.ticketTypeId),
  ]);
  const names = new Map(
    (await ticketTypeNamesOf(db, sellerId, [...typeIds].filter(isUuid))).map((r) => [r.id, r.name]),
  );
  const toTerm = (t: MembershipRow): OfficeMemberTerm => {
    const used: Record<string, number> = {};
    for (const k of tickets) {
      if (k.identityId !== t.identityId || k.createdAt < t.validFrom || k.createdAt >= t.validTo)
        continue;
      used[k.ticketTypeId] = (used[k.ticketTypeId] ?? 0) + 1;
    }
    const benefits = benefitsOf(t.benefits);
    const ticket_type_names: Record<string, string> = {};
    for (const id of [...Object.keys(benefits), ...Object.keys(used)]) {
      const name = names.get(id);
      if (name !== undefined) ticket_type_names[id] = name;
    }
    return {
      id: t.id,
      member_code: t.memberCode,
      level: t.role,
      valid_from: t.validFrom.toISOString(),
      valid_to: t.validTo.toISOString(),
      auto_renew_state: t.autoRenewState,
      benefits,
      benefits_used: used,
      ticket_type_names,
      current: t.validFrom <= now && now < t.validTo,
      upcoming: now < t.validFrom,
      renewed: renewed.has(t.id),
    };
  };
  const byId = new Map(people.map((p) => [p.id, p]));
  const members: OfficeMember[] = ids.flatMap((id) => {
    const p = byId.get(id);
    if (!p) return [];
    return [
      {
        identity_id: p.id,
        first_name: p.firstName,
        last_name: p.lastName,
        email: p.email,
        terms: terms.filter((t) => t.identityId === id).map(toTerm),
      },
    ];
  });
  return { member: toCollection(members) };
}

const termNotFound = () => new AppError('not_found', 'membership', 'Membership not found');

/** Creates the members service (built once per app in routes.ts). */
export function createOfficeMembers({ db, config, resend }: MembersDeps) {
  async function ownTerm(sellerId: string, id: string) {
    const term = await termOf(db, sellerId, id);
    if (!term) throw termNotFound();
    return term;
  }

  /** GET member?q=: at least 2 characters. */
  async function find(sellerId: string, q: string | undefined, now: Date) {
    const text = (q ?? '').trim();
    if (text.length < 2) throw validationFailed('member', 'q', 'at least 2 characters');
    return membersOf(db, sellerId, await findMemberIds(db, sellerId, text.slice(0, 200)), now);
  }

  /** Cancels the term's scheduled auto-renew (422 as for the member when none is scheduled). */
  async function cancelAutoRenew(
    seller: SellerRef,
    id: string,
    reason: string,
    actor: AuditActor,
    now: Date,
  ) {
    const term = await ownTerm(seller.id, id);
    await cancelMembershipAutoRenew({ db, config }, seller, term.id, async (tx, rows) => {
      await recordAudit(tx, {
        sellerId: seller.id,
        actor,
        action: 'membership.auto_renew_cancel',
        target: `membership:${term.id}`,
        before: { auto_renew_state: 'scheduled' },
        after: { auto_renew_state: rows[0]?.autoRenewState ?? 'cancelled' },
        reason,
        at: now,
      });
    });
    return membersOf(db, seller.id, [term.identityId], now);
  }

  /** The member-ID mail to the holder again (422 when the holder has no e-mail to send it to). */
  async function resendCard(
    seller: SellerRef,
    id: string,
    reason: string,
    actor: AuditActor,
    now: Date,
  ) {
    const term = await ownTerm(seller.id, id);
    const root = await storefrontRootOf(db, seller, config);
    await withRetryingTransaction(db, async (tx) => {
      const queued = await resend.resendMemberCards(seller, term.identityId, tx, root);
      if (!queued) {
        throw new AppError(
          'validation_failed',
          'membership',
          'The member has no e-mail address to send the card to.',
          null,
          422,
        );
      }
      await recordAudit(tx, {
        sellerId: seller.id,
        actor,
        action: 'membership.card_resend',
        target: `membership:${term.id}`,
        after: { member_code: term.memberCode },
        reason,
        at: now,
      });
    });
    return membersOf(db, seller.id, [term.identityId], now);
  }

  /** Extends the term to a later end; never past a renewal, never shorter. */
  async function extend(
    sellerId: string,
    id: string,
    body: MemberExtendBody,
    actor: AuditActor,
    now: Date,
  ) {
    const term = await ownTerm(sellerId, id);
    const validTo = new Date(body.valid_to);
    if (validTo <= term.validTo) {
      throw validationFailed('membership', 'valid_to', 'must be later than the term’s end');
    }
    if (await isRenewed(db, term.id)) {
      throw new AppError(
        'conflict',
        'membership',
        'A later term renews this one; extend the latest term.',
      );
    }
    await withRetryingTransaction(db, async (tx) => {
      if (!(await writeValidTo(tx, term, validTo))) {
        throw new AppError('conflict', 'membership', 'The term changed meanwhile; look again.');
      }
      await recordAudit(tx, {
        sellerId,
        actor,
        action: 'membership.extend',
        target: `membership:${term.id}`,
        before: { valid_to: term.validTo.toISOString() },
        after: { valid_to: validTo.toISOString() },
        reason: body.reason,
        at: now,
      });
    });
    return membersOf(db, sellerId, [term.identityId], now);
  }

  return { find, cancelAutoRenew, resendCard, extend };
}
