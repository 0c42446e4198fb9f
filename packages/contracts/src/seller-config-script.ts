/**
 * The page carries the seller config as JSON in `<script id=… type="application/json">`.
 * Kept apart from the zod schema so the storefront's first load can read it without zod.
 */
export const SELLER_CONFIG_SCRIPT_ID = 'admit-seller-config';
