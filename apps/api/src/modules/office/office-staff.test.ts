import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '@/app';
import { auditLog, staffSession } from '@/db/schema/office';
import { testConfig } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller, type SellerRow } from '@/testing/factories';
import { auditOf, makeStaff, officeCall, officeLogin, STAFF_PASSWORD } from './office.test-kit';
import { OFFICE_ROLES } from './office-plugin';

/**
 * The role guard and the owner's staff management (decision 0083): door cannot reach a box
 * office route, box office cannot reach an owner route, and every staff change is audited.
 */

const NOW = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('office: roles and staff management', (ctx) => {
  let app: FastifyInstance;
  let museum: SellerRow;
  let aquarium: SellerRow;
  const cookies: Record<'owner' | 'box_office' | 'door' | 'otherOwner', string> = {
    owner: '',
    box_office: '',
    door: '',
    otherOwner: '',
  };
  let ownerId: string;

  beforeAll(async () => {
    app = await buildApp({ config: testConfig(), database: ctx.database, now: () => NOW });
    // a box-office route of the kind later bricks add, behind the one guard
    await app.register(async (scope) => {
      scope.get(
        '/api/office/test_box_office',
        { config: { caller: 'seller' }, preHandler: scope.requireStaff(OFFICE_ROLES.boxOffice) },
        async (request) => ({ role: request.staff.role }),
      );
    });
    await app.ready();
    museum = await makeSeller(ctx.db, { name: 'Museum' });
    aquarium = await makeSeller(ctx.db, { name: 'Aquarium' });
    for (const role of ['owner', 'box_office', 'door'] as const) {
      const user = await makeStaff(ctx.db, museum.id, role);
      if (role === 'owner') ownerId = user.id;
      cookies[role] = await officeLogin(app, museum.slug, user.email);
    }
    const theirs = await makeStaff(ctx.db, aquarium.id, 'owner');
    cookies.otherOwner = await officeLogin(app, aquarium.slug, theirs.email);
  });
  afterAll(() => app.close());

  const audited = (action: string) => auditOf(ctx.db, museum.id, action);

  it('lets each role through the guard it is allowed, and refuses the rest with 403', async () => {
    const boxRoute = (cookie: string) =>
      officeCall(app, { path: 'test_box_office', slug: museum.slug, cookie });
    expect((await boxRoute(cookies.owner)).json()).toEqual({ role: 'owner' });
    expect((await boxRoute(cookies.box_office)).json()).toEqual({ role: 'box_office' });
    const door = await boxRoute(cookies.door);
    expect(door.statusCode).toBe(403);
    expect(door.json()._data[0]).toMatchObject({ _code: 'forbidden', _context: 'office_session' });

    const ownerRoutes = [
      { path: 'staff_user' },
      { path: 'audit' },
      {
        method: 'POST',
        path: 'staff_user',
        body: { email: 'x@museum.example', password: STAFF_PASSWORD, role: 'door' },
      },
      { method: 'PATCH', path: `staff_user/${ownerId}`, body: { disabled: true } },
      {
        method: 'POST',
        path: `staff_user/${ownerId}/password`,
        body: { password: 'Taken-over-1' },
      },
    ] as const;
    for (const route of ownerRoutes) {
      for (const role of ['box_office', 'door'] as const) {
        const res = await officeCall(app, { ...route, slug: museum.slug, cookie: cookies[role] });
        expect(res.statusCode, `${role} ${route.path}`).toBe(403);
      }
      // another seller's owner is no one here
      const theirs = await officeCall(app, {
        ...route,
        slug: museum.slug,
        cookie: cookies.otherOwner,
      });
      expect(theirs.statusCode, `other seller ${route.path}`).toBe(401);
      expect((await officeCall(app, { ...route, slug: museum.slug })).statusCode).toBe(401);
    }
    // and nothing changed: the owner can still log in with the old password
    expect(
      (await officeCall(app, { path: 'me', slug: museum.slug, cookie: cookies.owner })).statusCode,
    ).toBe(200);
    expect(await audited('staff.add')).toEqual([]);
  });

  it('lets the owner add, list, change role, disable and reset passwords, each audited', async () => {
    const owner = cookies.owner;
    const added = await officeCall(app, {
      method: 'POST',
      path: 'staff_user',
      slug: museum.slug,
      cookie: owner,
      body: { email: 'New.Desk@museum.example', password: 'First-pass-1', role: 'door' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const made = added.json().staff_user._data[0];
    expect(made).toMatchObject({ email: 'New.Desk@museum.example', role: 'door', disabled: false });
    const dup = await officeCall(app, {
      method: 'POST',
      path: 'staff_user',
      slug: museum.slug,
      cookie: owner,
      body: { email: 'new.desk@MUSEUM.example', password: 'First-pass-1', role: 'owner' },
    });
    expect(dup.statusCode).toBe(409);
    const weak = await officeCall(app, {
      method: 'POST',
      path: 'staff_user',
      slug: museum.slug,
      cookie: owner,
      body: { email: 'weak@museum.example', password: 'short', role: 'door' },
    });
    expect(weak.statusCode).toBe(400);

    const list = await officeCall(app, { path: 'staff_user', slug: museum.slug, cookie: owner });
    expect(list.statusCode).toBe(200);
    const emails = list.json().staff_user._data.map((u: { email: string }) => u.email);
    expect(emails).toContain('New.Desk@museum.example');
    expect(emails).toHaveLength(4);
    expect(list.body).not.toMatch(/password|argon2/);

    const newcomer = await officeLogin(app, museum.slug, 'new.desk@museum.example', 'First-pass-1');
    const promoted = await officeCall(app, {
      method: 'PATCH',
      path: `staff_user/${made.id}`,
      slug: museum.slug,
      cookie: owner,
      body: { role: 'box_office', reason: 'covers the desk' },
    });
    expect(promoted.json().staff_user._data[0].role).toBe('box_office');
    // the role applies at once, to the session already open
    const reached = await officeCall(app, {
      path: 'test_box_office',
      slug: museum.slug,
      cookie: newcomer,
    });
    expect(reached.statusCode).toBe(200);

    const reset = await officeCall(app, {
      method: 'POST',
      path: `staff_user/${made.id}/password`,
      slug: museum.slug,
      cookie: owner,
      body: { password: 'Second-pass-2', reason: 'forgot it' },
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await officeCall(app, { path: 'me', slug: museum.slug, cookie: newcomer })).statusCode,
    ).toBe(401);
    const again = await officeLogin(app, museum.slug, made.email, 'Second-pass-2');

    const disabled = await officeCall(app, {
      method: 'PATCH',
      path: `staff_user/${made.id}`,
      slug: museum.slug,
      cookie: owner,
      body: { disabled: true },
    });
    expect(disabled.json().staff_user._data[0].disabled).toBe(true);
    expect(
      (await officeCall(app, { path: 'me', slug: museum.slug, cookie: again })).statusCode,
    ).toBe(401);
    expect(
      await ctx.db.select().from(staffSession).where(eq(staffSession.staffUserId, made.id)),
    ).toEqual([]);

    const [add] = await audited('staff.add');
    expect(add).toMatchObject({
      staffUserId: ownerId,
      target: `staff_user:${made.id}`,
      before: null,
    });
    expect(add!.after).toEqual({
      email: made.email,
      role: 'door',
      disabled: false,
      totp_enrolled: false,
    });
    const [role] = await audited('staff.role');
    expect(role).toMatchObject({
      reason: 'covers the desk',
      before: expect.objectContaining({ role: 'door' }),
    });
    expect(role!.after).toMatchObject({ role: 'box_office' });
    expect((await audited('staff.password_reset'))[0]).toMatchObject({ reason: 'forgot it' });
    expect((await audited('staff.disable'))[0]!.after).toMatchObject({ disabled: true });

    // enabled again: the same password signs in, the change audited with before and after
    const enabled = await officeCall(app, {
      method: 'PATCH',
      path: `staff_user/${made.id}`,
      slug: museum.slug,
      cookie: owner,
      body: { disabled: false, reason: 'back from leave' },
    });
    expect(enabled.json().staff_user._data[0].disabled).toBe(false);
    await officeLogin(app, museum.slug, made.email, 'Second-pass-2');
    expect((await audited('staff.enable'))[0]).toMatchObject({
      reason: 'back from leave',
      before: expect.objectContaining({ disabled: true }),
      after: expect.objectContaining({ disabled: false }),
    });
    // no audit record holds a password or its hash
    const all = JSON.stringify(await ctx.db.select().from(auditLog));
    expect(all).not.toMatch(/Second-pass-2|First-pass-1|argon2/);
  });

  it('never disables or demotes the last owner, and 404s another seller’s staff', async () => {
    for (const body of [{ disabled: true }, { role: 'door' }]) {
      const res = await officeCall(app, {
        method: 'PATCH',
        path: `staff_user/${ownerId}`,
        slug: museum.slug,
        cookie: cookies.owner,
        body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json()._data[0]._code).toBe('conflict');
    }
    const theirStaff = await makeStaff(ctx.db, aquarium.id, 'door');
    for (const [method, path, body] of [
      ['PATCH', `staff_user/${theirStaff.id}`, { disabled: true }],
      ['POST', `staff_user/${theirStaff.id}/password`, { password: 'Taken-over-1' }],
      ['PATCH', 'staff_user/not-a-uuid', { disabled: true }],
    ] as const) {
      const res = await officeCall(app, {
        method,
        path,
        body,
        slug: museum.slug,
        cookie: cookies.owner,
      });
      expect(res.statusCode, path).toBe(404);
    }
    // with a second owner, the first may step down
    const second = await makeStaff(ctx.db, museum.id, 'owner');
    const res = await officeCall(app, {
      method: 'PATCH',
      path: `staff_user/${second.id}`,
      slug: museum.slug,
      cookie: cookies.owner,
      body: { role: 'box_office' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('lets owners read the audit log with the query grammar', async () => {
    const get = (query: string) =>
      officeCall(app, { path: `audit?${query}`, slug: museum.slug, cookie: cookies.owner });
    const all = await get('_limit=1000');
    expect(all.statusCode).toBe(200);
    const entries = all.json().audit_log._data as {
      action: string;
      staff_user_id: string | null;
      at: string;
    }[];
    expect(entries.length).toBeGreaterThan(5);
    const logins = await get('action=staff.login');
    expect(
      logins.json().audit_log._data.every((e: { action: string }) => e.action === 'staff.login'),
    ).toBe(true);
    expect(logins.json().audit_log._total).toBe(
      entries.filter((e) => e.action === 'staff.login').length,
    );
    const several = await get('action._in=staff.add,staff.disable');
    expect(
      several
        .json()
        .audit_log._data.map((e: { action: string }) => e.action)
        .sort(),
    ).toEqual(['staff.add', 'staff.disable']);
    const byOwner = await get(`staff_user_id=${ownerId}&action._in=staff.add,staff.role`);
    expect(byOwner.json().audit_log._count).toBe(3);
    expect(
      (await get('at._gte=2029-06-01T12:00:00Z&at._lt=2029-06-01T12:00:01Z')).json().audit_log
        ._total,
    ).toBe(entries.length);
    expect((await get('at._lt=2029-06-01T00:00:00Z')).json().audit_log._total).toBe(0);
    const limited = await get('_limit=2');
    expect(limited.json().audit_log).toMatchObject({ _count: 2, _total: entries.length });
    const bad = await get('password_hash=x');
    expect(bad.statusCode).toBe(400);
    // another seller's log is not here
    const theirs = await officeCall(app, {
      path: 'audit',
      slug: aquarium.slug,
      cookie: cookies.otherOwner,
    });
    expect(
      theirs.json().audit_log._data.every((e: { actor: string }) => !e.actor.includes('museum')),
    ).toBe(true);
    expect(JSON.stringify(theirs.json())).not.toContain(ownerId);
  });
});
