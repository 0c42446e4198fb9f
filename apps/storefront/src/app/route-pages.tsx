import { lazyRoute } from '@/app/lazy-route';

/**
 * Every page of the route table (app/router.tsx), each a lazily loaded chunk of its own (shopping
 * §1): the table says where each goes, this file what each is.
 */
export const Home = lazyRoute(
  () => import('@/features/home/home-route'),
  (m) => m.HomeRoute,
);
export const Listing = lazyRoute(
  () => import('@/app/routes/listing-route'),
  (m) => m.ComposedListingRoute,
);
export const Event = lazyRoute(
  () => import('@/app/routes/event-route'),
  (m) => m.ComposedEventRoute,
);
export const NotFound = lazyRoute(
  () => import('@/features/not-found/not-found-route'),
  (m) => m.NotFoundRoute,
);
export const Scan = lazyRoute(
  () => import('@/features/scan/scan-route'),
  (m) => m.ScanRoute,
);
export const TransferCart = lazyRoute(
  () => import('@/features/user/transfer-cart-route'),
  (m) => m.TransferCartRoute,
);
export const Resend = lazyRoute(
  () => import('@/features/user/resend-route'),
  (m) => m.ResendRoute,
);
export const ForgotMembership = lazyRoute(
  () => import('@/features/user/forgot-membership-route'),
  (m) => m.ForgotMembershipRoute,
);
export const ForgotPassword = lazyRoute(
  () => import('@/features/user/forgot-password-route'),
  (m) => m.ForgotPasswordRoute,
);
export const ResetPassword = lazyRoute(
  () => import('@/features/user/reset-password-route'),
  (m) => m.ResetPasswordRoute,
);
export const SetEmail = lazyRoute(
  () => import('@/features/user/set-email-route'),
  (m) => m.SetEmailRoute,
);
export const Login = lazyRoute(
  () => import('@/features/login/login-route'),
  (m) => m.LoginRoute,
);
export const Logout = lazyRoute(
  () => import('@/features/login/logout-route'),
  (m) => m.LogoutRoute,
);
export const AuthCallback = lazyRoute(
  () => import('@/features/login/auth-callback-route'),
  (m) => m.AuthCallbackRoute,
);
export const Account = lazyRoute(
  () => import('@/app/routes/account-route'),
  (m) => m.ComposedAccountRoute,
);
export const Checkout = lazyRoute(
  () => import('@/app/routes/checkout-route'),
  (m) => m.ComposedCheckoutRoute,
);
export const CheckoutComplete = lazyRoute(
  () => import('@/features/orders/checkout-complete-route'),
  (m) => m.CheckoutCompleteRoute,
);
export const CheckoutPending = lazyRoute(
  () => import('@/features/orders/checkout-pending-route'),
  (m) => m.CheckoutPendingRoute,
);
export const TicketOrder = lazyRoute(
  () => import('@/features/orders/ticket-order-route'),
  (m) => m.TicketOrderRoute,
);
export const Membership = lazyRoute(
  () => import('@/features/membership/membership-route'),
  (m) => m.MembershipRoute,
);
export const Redeem = lazyRoute(
  () => import('@/app/routes/redeem-route'),
  (m) => m.ComposedRedeemRoute,
);
export const CancelAutoRenew = lazyRoute(
  () => import('@/app/routes/cancel-auto-renew-route'),
  (m) => m.ComposedCancelAutoRenewRoute,
);
export const AccountIndex = lazyRoute(
  () => import('@/features/account/account-index'),
  (m) => m.AccountIndex,
);
export const MyMembership = lazyRoute(
  () => import('@/app/routes/my-membership-route'),
  (m) => m.ComposedMyMembershipRoute,
);
export const Profile = lazyRoute(
  () => import('@/features/account/profile-route'),
  (m) => m.ProfileRoute,
);
export const Upcoming = lazyRoute(
  () => import('@/features/account/upcoming-route'),
  (m) => m.UpcomingRoute,
);
export const SessionDetail = lazyRoute(
  () => import('@/features/account/session-detail-route'),
  (m) => m.SessionDetailRoute,
);
export const Orders = lazyRoute(
  () => import('@/features/account/orders-route'),
  (m) => m.OrdersRoute,
);
export const OrderDetail = lazyRoute(
  () => import('@/app/routes/account-order-route'),
  (m) => m.ComposedOrderDetailRoute,
);
export const Manage = lazyRoute(
  () => import('@/features/manage/manage-route'),
  (m) => m.ManageRoute,
);
export const ManageReschedule = lazyRoute(
  () => import('@/app/routes/manage-reschedule-route'),
  (m) => m.ComposedRescheduleRoute,
);
export const ManageConfirm = lazyRoute(
  () => import('@/app/routes/manage-confirm-route'),
  (m) => m.ComposedManageConfirmRoute,
);
// the back office (issue #27, decision 0087): its own chunk, its own frame, never in the first load
export const Office = lazyRoute(
  () => import('@/features/office/shell/office-route'),
  (m) => m.OfficeRoute,
);
// the developer viewer (identity §2 "/_stories"): a chunk of its own, never in the first load
export const Stories = lazyRoute(
  () => import('@/app/stories/stories-route'),
  (m) => m.StoriesRoute,
);
