import { z } from 'zod';

/**
 * identity §3 Configuration `self_edit_rules`: whether a buyer may change an order themselves
 * (cancel, reschedule) and until when. `categories` null: every event category; a list: only
 * events whose category is in it (§5 "Only tickets … whose category is in the configured list").
 */
export const selfEditRulesSchema = z.object({
  enabled: z.boolean(),
  /** a visitor holding the order's secret link may edit without logging in (identity §6) */
  anon_editing: z.boolean(),
  /** sessions starting before the start of today plus this many days are locked (§5, §9) */
  horizon_days: z.number().int().min(0).max(3650),
  /** sessions starting before now plus this many hours are locked */
  horizon_hours: z.number().int().min(0).max(87600),
  categories: z.array(z.string()).nullable(),
});
export type SelfEditRules = z.infer<typeof selfEditRulesSchema>;

/** Self-editing is off until a seller turns it on. */
export const DEFAULT_SELF_EDIT_RULES: SelfEditRules = {
  enabled: false,
  anon_editing: false,
  horizon_days: 0,
  horizon_hours: 0,
  categories: null,
};
