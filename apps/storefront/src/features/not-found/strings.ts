/** spec: identity §2 404 page — texts verbatim. */
export const NOT_FOUND_STRINGS = {
  'not-found.title': 'Oops!',
  'not-found.body': 'We could not find anything at this URL. (404 Not Found)',
  'not-found.home': 'Go to the home page',
} as const;
