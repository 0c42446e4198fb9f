import { randomUUID } from 'node:crypto';
import { imagePath } from '@admit/contracts/images';
import type { SellerFile } from '@admit/contracts/seller-file/seller-file';
import type { CurrentState } from './current';
import { commerceRows } from './desired-commerce';
import type { AddRow, DesiredContext, SessionBudget } from './desired-context';
import { eventRows } from './desired-events';
import { seatLayoutRows, settleSeatGroups } from './desired-seats';
import { imageNameOf, isFilePath, type FileImage } from './file-images';
import { storedConfigOf } from './import-settings';
import { FileIssuesError } from './file-errors';
import type { Row, TableName } from './rows';

/**
 * A seller file as the rows it wants (decision 0041). Ids: a row the database already has keeps
 * its id; a new one gets `newId(seed)` (random by default; the demo derives its stable ids from
 * the seeds). Relative dates (`today+N`) and opening balances count only when a row is made.
 */
export interface DesiredOptions {
  now: Date;
  images: ReadonlyMap<string, FileImage>;
  newId?: (seed: string) => string;
}

/** Builds the rows a seller file wants, against what the database has. */
export function desiredRows(
  file: SellerFile,
  current: CurrentState,
  options: DesiredOptions,
): Row[] {
  const newId = options.newId ?? (() => randomUUID());
  const slug = file.seller.slug;
  const out: Row[] = [];
  const idOf = (table: TableName, identity: string, seed: string) =>
    current.rows.get(table)?.get(identity)?.id ?? newId(seed);
  const add: AddRow = (
    table: TableName,
    identity: string,
    seed: string,
    label: string,
    values: Record<string, unknown>,
    extra: Partial<Row> = {},
  ): string => {
    const id = idOf(table, identity, seed);
    out.push({ table, identity, id, label, values, ...extra });
    return id;
  };
  const existing = (table: TableName, identity: string) => current.rows.get(table)?.get(identity);

  const meta: DesiredContext['meta'] = (
    resource: string,
    resourceId: string,
    label: string,
    values: Record<string, unknown>,
  ) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) continue;
      add(
        'meta',
        `${resource}/${resourceId}/${key}`,
        `${resource}/${resourceId}/meta/${key}`,
        `meta ${label} ${key}`,
        {
          resource,
          resourceId,
          key,
          value,
        },
      );
    }
  };

  const sellerId = current.sellerId ?? newId(`${slug}/seller`);
  const sellerZone = file.seller.timezone;
  const storedImage = (path: string) =>
    isFilePath(path) ? imagePath(slug, imageNameOf(path)) : path;

  const sessions: SessionBudget = { laidOut: 0, issues: [] };
  const ctx: DesiredContext = {
    file,
    slug,
    now: options.now,
    add,
    existing,
    meta,
    storedImage,
    sessions,
    seatLayouts: new Map(),
  };

  add('identity', 'public', `${slug}/identity/public`, 'public identity', { kind: 'public' });

  for (const image of options.images.values()) {
    add('image', image.name, `${slug}/image/${image.name}`, `image ${image.name}`, {
      name: image.name,
      contentType: image.contentType,
      bytes: image.bytes.toString('base64'),
      width: image.width,
      height: image.height,
    });
  }

  const venues = new Map<string, { id: string; zone: string }>();
  for (const venue of file.venues) {
    const zone = venue.timezone ?? sellerZone;
    const id = add('venue', venue.key, `${slug}/venue/${venue.key}`, `venue ${venue.key}`, {
      name: venue.name,
      timezone: zone,
      address: venue.address ?? null,
    });
    venues.set(venue.key, { id, zone });
    meta('venue', id, venue.key, { closed: venue.closed });
    seatLayoutRows(ctx, venue, id, ctx.seatLayouts);
  }

  const plans = new Map<string, string>();
  for (const plan of file.payment_plans ?? []) {
    plans.set(
      plan.key,
      add(
        'payment_plan',
        plan.key,
        `${slug}/payment_plan/${plan.key}`,
        `payment plan ${plan.key}`,
        {
          name: plan.name,
          installments: plan.installments.map((i) => ({
            share_bp: Math.round(i.percent * 100),
            days_before_start: i.days_before_start ?? null,
          })),
        },
      ),
    );
  }

  const { events, paths, typeNames } = eventRows(ctx, venues, plans);
  // too many sessions is a problem of the file, dry run or not (issue 22)
  if (sessions.issues.length > 0) throw new FileIssuesError(sessions.issues);
  settleSeatGroups(ctx.seatLayouts);

  commerceRows(file, { add, paths, typeNames, zone: sellerZone });

  meta('seller', sellerId, 'seller', file.seller.meta ?? {});

  // the seller last: its config names events and groups by id
  const config = storedConfigOf(file.seller.settings ?? {}, {
    eventId: (key) => events.get(key)!,
    groupId: (path) => paths.get(path)!,
    imageAddress: storedImage,
    storedPrivate: current.storedConfig.private,
  });
  out.unshift({
    table: 'seller',
    identity: slug,
    id: sellerId,
    label: `seller ${slug}`,
    values: {
      slug,
      name: file.seller.name,
      currency: file.seller.currency,
      timezone: file.seller.timezone,
      // its content blocks and HTML meta sanitised by the import (stored-descriptions.ts)
      config,
      htmlSanitized: true,
    },
  });
  return out;
}
