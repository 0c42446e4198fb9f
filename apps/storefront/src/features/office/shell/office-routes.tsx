import { lazy } from 'react';
import type { ReactNode } from 'react';
import { OFFICE_ROLES, type StaffRole } from '@admit/contracts/office';
import { PAGE_PATHS } from '@admit/contracts/storefront-pages';

/**
 * The back office's sections (issue #27, decision 0087): the navigation and the nested routes
 * are built from this one list, and a section is shown and routed only for its roles (the API
 * refuses the others anyway: `app.requireStaff`). One line per section; each page loads lazily
 * within the office's own chunk.
 */

export type OfficeRole = StaffRole;

/**
 * An office page's address below the router base: `/office`, `/office/orders/…`. Links and
 * redirects inside the office use these absolute paths: the office is a splat route, so a
 * relative path would resolve below the page it is on.
 */
export const officePath = (below = ''): string =>
  `/${PAGE_PATHS.office.replace(/\/\*$/, '')}${below ? `/${below.replace(/^\/+/, '')}` : ''}`;

export interface OfficeSection {
  /** relative to the office, e.g. 'orders'; its pages below it are the section's own */
  path: string;
  /** the navigation's text (a seller may override it as `office.nav.<path>`) */
  label: string;
  roles: readonly OfficeRole[];
  element: ReactNode;
}

const ApiKeysPage = lazy(async () => ({
  default: (await import('@/features/office/api-keys/api-keys-page')).ApiKeysPage,
}));
const AuditPage = lazy(async () => ({
  default: (await import('@/features/office/audit/audit-page')).AuditPage,
}));
const CapacityPage = lazy(async () => ({
  default: (await import('@/features/office/capacity/capacity-page')).CapacityPage,
}));
const CataloguePage = lazy(async () => ({
  default: (await import('@/features/office/catalogue/catalogue-page')).CataloguePage,
}));
const MembersPage = lazy(async () => ({
  default: (await import('@/features/office/members/members-page')).MembersPage,
}));
const OrdersSection = lazy(async () => ({
  default: (await import('@/features/office/orders/orders-section')).OrdersSection,
}));
const SalesPage = lazy(async () => ({
  default: (await import('@/features/office/sales/sales-page')).SalesPage,
}));
const StaffPage = lazy(async () => ({
  default: (await import('@/features/office/staff/staff-page')).StaffPage,
}));
const TodayPage = lazy(async () => ({
  default: (await import('@/features/office/today/today-page')).TodayPage,
}));

export const OFFICE_SECTIONS: OfficeSection[] = [
  // one line per section, in the navigation's order; its element a `lazy` page
  { path: 'today', label: 'Today', roles: OFFICE_ROLES.door, element: <TodayPage /> },
  { path: 'orders', label: 'Orders', roles: OFFICE_ROLES.boxOffice, element: <OrdersSection /> },
  { path: 'members', label: 'Members', roles: OFFICE_ROLES.boxOffice, element: <MembersPage /> },
  { path: 'sales', label: 'Sales', roles: OFFICE_ROLES.boxOffice, element: <SalesPage /> },
  { path: 'capacity', label: 'Capacity', roles: OFFICE_ROLES.boxOffice, element: <CapacityPage /> },
  { path: 'catalogue', label: 'Catalogue', roles: OFFICE_ROLES.owner, element: <CataloguePage /> },
  { path: 'api-keys', label: 'API keys', roles: OFFICE_ROLES.owner, element: <ApiKeysPage /> },
  { path: 'staff', label: 'Staff', roles: OFFICE_ROLES.owner, element: <StaffPage /> },
  { path: 'audit', label: 'Audit log', roles: OFFICE_ROLES.owner, element: <AuditPage /> },
];

/** The sections a role sees, in the list's order. */
export const sectionsFor = (
  role: OfficeRole,
  sections: readonly OfficeSection[] = OFFICE_SECTIONS,
): OfficeSection[] => sections.filter((section) => section.roles.includes(role));
