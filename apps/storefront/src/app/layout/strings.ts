/** Texts of the page frame: skip link, header navigation, footer, route errors. */
export const LAYOUT_STRINGS = {
  'layout.skip-link': 'Skip to main content',
  'layout.home-link': '{name} home',
  'layout.nav-label': 'Main',
  'layout.nav.events': 'Events',
  'layout.nav.login': 'Log in',
  'layout.nav.account': 'My account',
  'layout.nav.logout': 'Log out',
  /** the logged-in member's name in the header */
  'layout.nav.member': 'Hi, {name}',
  'layout.loading': 'Loading…',
  'layout.error.title': 'Something went wrong',
  'layout.error.body': 'This page could not be loaded. Please check your connection and try again.',
  'layout.error.reload': 'Reload the page',
  /** the test-mode banner (seller config `test_mode`) */
  'layout.test-mode.label': 'Test mode',
  'layout.test-mode': 'Test mode: payments use test cards and no money is taken.',
  /** identity §8 "Other": a global unhandled rejection shows the API error or a generic one */
  'layout.unhandled-error': 'Sorry, something unexpected happened. Please try again later.',
  'layout.unhandled-error.dismiss': 'Dismiss',
} as const;
