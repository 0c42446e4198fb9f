/** Default texts of the home screen (identity §2 Home); sellers override them by key. */
export const HOME_STRINGS = {
  'home.title': 'Welcome',
  'home.intro': 'How would you like to continue?',
  'home.login.title': 'Already a member',
  'home.login.body': 'Log in to use your member benefits and members-only tickets.',
  'home.login.action': 'Log in',
  'home.join.title': 'Become a member',
  'home.join.body': 'Join today for free admission all year and exclusive member events.',
  'home.join.action': 'Join now',
  'home.guest.title': 'Continue as a guest',
  'home.guest.body': 'Buy tickets without an account. We will e-mail your tickets to you.',
  'home.guest.action': 'Browse events',
  'home.resend': 'Already have tickets? Resend confirmation link',
} as const;
