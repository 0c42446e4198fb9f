/**
 * How much one seller file may hold (issue 22; decision 0041 "Update (issue 22): limits"). The
 * largest real file (the demo museum) is 24 KB and lays out ~2,400 sessions: these are far above
 * what a seller writes and far below what hurts the server that imports it.
 */

/**
 * The file's size, checked before it is read: YAML and the checks run at about 0.2 MB a second
 * on a small server (5 MB of gift cards took 23 s), and 2 MB holds 20,000 gift cards.
 */
export const SELLER_FILE_MAX_BYTES = 2 * 1024 * 1024;

/** One picture beside the file, checked before it is read. */
export const SELLER_FILE_PICTURE_MAX_BYTES = 10 * 1024 * 1024;

/** Items in one list of the file (venues, events, ticket groups and types, rules, times…). */
export const SELLER_FILE_MAX_ITEMS = 1_000;

/** Items in the lists a seller may fill in bulk: codes and gift cards. */
export const SELLER_FILE_MAX_BULK_ITEMS = 20_000;

/** Sessions one rule lays out at one time (its window: at most 731 days). */
export const SESSIONS_PER_RULE_MAX = 20_000;

/** Sessions the whole file lays out at one time: every rule's and the one-off ones. */
export const SESSIONS_PER_FILE_MAX = 50_000;

/**
 * How deep `[` and `{` may nest in the file. The YAML composer slows down sharply with depth
 * (2 MB of `{a: [` took over 70 s), while a real seller file nests a handful of levels; the
 * depth is found by the linear-time lexer before the document is composed.
 */
export const SELLER_FILE_MAX_FLOW_DEPTH = 64;
