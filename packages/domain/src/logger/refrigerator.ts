import { z } from 'zod';

/**
 * A refrigerator (frižider) of the temperature logger, as its settings are
 * edited: a JSON object. The fields below are checked; any other field the
 * lab keeps about the refrigerator (serial number, location, maker) is
 * free-form and stored as it is.
 */

/** Plausible limits of a lab refrigerator or freezer probe: a value outside them is a broken sensor, not a reading. */
export const TEMPERATURE_LIMITS = { min: -100, max: 100 } as const;
export const HUMIDITY_LIMITS = { min: 0, max: 100 } as const;
/** Modbus addresses a gateway polls (1 to 247); the sensor id a reading names. */
export const SLAVE_ID_LIMITS = { min: 1, max: 247 } as const;
/** A day: an alarm delay or a silence limit longer than that would never protect anything. */
export const MAX_ALARM_MINUTES = 24 * 60;
/**
 * How an open alarm closes without an acknowledgement: after this many consecutive readings that end its
 * condition (back in range; arriving again after a silence), the first and last at least this many minutes
 * apart. Two readings at least, so one reading (a glitch, or a forged one) never closes an alarm.
 */
export const DEFAULT_CLOSE_RULE = { readings: 3, minutes: 10 } as const;
export const CLOSE_READINGS_LIMITS = { min: 2, max: 100 } as const;

function limitedNumber(limits: { min: number; max: number }) {
  return z.number().finite().min(limits.min).max(limits.max);
}

/** An allowed range, both ends inclusive: a value equal to a limit is in range. */
function rangeSchema(limits: { min: number; max: number }) {
  return z.object({ min: limitedNumber(limits), max: limitedNumber(limits) })
    .refine((range) => range.min < range.max, { error: 'logger.rangeOrder', path: ['max'] });
}

export const temperatureRangeSchema = rangeSchema(TEMPERATURE_LIMITS);
export const humidityRangeSchema = rangeSchema(HUMIDITY_LIMITS);
export type AllowedRange = z.output<typeof temperatureRangeSchema>;

/**
 * The most the lab's own fields of one refrigerator (every key beyond the
 * typed ones, as JSON text) may hold: room for a serial number, a location,
 * a maker and notes, not for files or logs kept in a settings record.
 */
export const REFRIGERATOR_EXTRA_LIMIT = 8000;

/** The size of a free-form value as stored: its JSON text, in characters. */
function jsonLength(value: unknown): number {
  return JSON.stringify(value)?.length ?? 0;
}

const refrigeratorTypedFields = {
  _id: z.uuid().optional(),
  naziv: z.string().trim().min(1, { error: 'form.required' }).max(100),
  site: z.string().min(1, { error: 'form.required' }).max(100),
  slave_id: z.number().int().min(SLAVE_ID_LIMITS.min).max(SLAVE_ID_LIMITS.max),
  aktivan: z.boolean().default(true),
  temperatura: temperatureRangeSchema,
  vlaznost: humidityRangeSchema.nullable().default(null),
  /** Minutes a reading may stay out of range before the alarm is raised (0: at the first such reading). */
  odgoda_alarma_min: z.number().int().min(0).max(MAX_ALARM_MINUTES),
  /** Minutes without any reading after which the silence alarm is raised. */
  limit_tisine_min: z.number().int().min(1).max(MAX_ALARM_MINUTES),
  /** Consecutive readings that end an open alarm's condition before it closes by itself (never fewer than 2). */
  zatvaranje_ocitanja: z.number().int().min(CLOSE_READINGS_LIMITS.min).max(CLOSE_READINGS_LIMITS.max).default(DEFAULT_CLOSE_RULE.readings),
  /** Minutes at least between the first and the last of those readings. */
  zatvaranje_min: z.number().int().min(0).max(MAX_ALARM_MINUTES).default(DEFAULT_CLOSE_RULE.minutes),
};

/**
 * The refrigerator element of `POST /api/loger/frizider/edit`: with `_id` it
 * changes that refrigerator, without one it adds a new refrigerator to `site`.
 * `vlaznost` null means the sensor measures no humidity (no humidity alarm).
 * The spec makes the element a free-form JSON object: the typed fields above
 * are checked, any other key is kept and answered as it was sent, as long as
 * all of them together stay within REFRIGERATOR_EXTRA_LIMIT (over it, the
 * refusal names the largest of them).
 */
export const refrigeratorElementSchema = z.looseObject(refrigeratorTypedFields).superRefine((element, context) => {
  const extra = Object.entries(element).filter(([key]) => !Object.hasOwn(refrigeratorTypedFields, key));
  const sizes = extra.map(([key, value]) => ({ key, size: key.length + jsonLength(value) }));
  if (sizes.reduce((sum, entry) => sum + entry.size, 0) <= REFRIGERATOR_EXTRA_LIMIT) return;
  const largest = sizes.reduce((top, entry) => (entry.size > top.size ? entry : top));
  context.addIssue({ code: 'custom', message: 'logger.extraTooLarge', path: [largest.key] });
});
export type RefrigeratorElement = z.output<typeof refrigeratorElementSchema>;
export type RefrigeratorElementInput = z.input<typeof refrigeratorElementSchema>;

/** What the alarm rules and the reading judgement need of a refrigerator. */
export interface RefrigeratorLimits {
  aktivan: boolean;
  temperatura: AllowedRange;
  vlaznost: AllowedRange | null;
  odgoda_alarma_min: number;
  limit_tisine_min: number;
  zatvaranje_ocitanja: number;
  zatvaranje_min: number;
}

/** A new refrigerator as the JSON editor starts it: typical limits of a reagent refrigerator (2-8 °C). */
export function newRefrigeratorElement(site: string): RefrigeratorElementInput {
  return {
    naziv: '',
    site,
    slave_id: 1,
    aktivan: true,
    temperatura: { min: 2, max: 8 },
    vlaznost: null,
    odgoda_alarma_min: 15,
    limit_tisine_min: 30,
    zatvaranje_ocitanja: DEFAULT_CLOSE_RULE.readings,
    zatvaranje_min: DEFAULT_CLOSE_RULE.minutes,
  };
}
