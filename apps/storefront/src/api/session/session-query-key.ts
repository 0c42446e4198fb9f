/** Key of the `my/session` query; kept apart so zod-free code can clear it. */
export const SESSION_QUERY_KEY = ['my-session'] as const;
