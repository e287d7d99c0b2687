/**
 * The activity landing's configuration: dictionary `{product}_activity_config`
 * (`xingyou_activity_config` by default), one item per field, `text` = field
 * name, `value` = its value as a string:
 *
 * | text | value |
 * | --- | --- |
 * | activityId | id passed to activityGamePage / activityTopGame (required) |
 * | title, subtitle | headline texts |
 * | startTime, endTime | epoch ms (10-digit seconds accepted) |
 * | banner | image URL |
 * | rules | rule lines separated by `\n` |
 *
 * Unknown fields are ignored; without an activityId there is no activity.
 */
import * as z from 'zod/mini';
import type { DictItem } from '../../api/dictionary';
import { toMillis } from '../../shared/format';

const Time = z.pipe(
  z.string().check(z.regex(/^\d{10,13}$/)),
  z.transform((value) => toMillis(value)),
);

const RawConfigSchema = z.object({
  activityId: z.string().check(z.trim(), z.minLength(1)),
  title: z._default(z.string(), '限时活动'),
  subtitle: z._default(z.string(), ''),
  startTime: z.optional(z.catch(z.nullable(Time), null)),
  endTime: z.optional(z.catch(z.nullable(Time), null)),
  banner: z._default(z.string(), ''),
  rules: z._default(z.string(), ''),
});

export interface ActivityConfig {
  activityId: string;
  title: string;
  subtitle: string;
  startTime: number | null;
  endTime: number | null;
  banner: string;
  rules: string[];
}

export function parseActivityConfig(items: readonly DictItem[]): ActivityConfig | null {
  const fields: Record<string, string> = {};
  for (const { text, value } of items) {
    const key = text.trim();
    if (!Object.hasOwn(fields, key)) fields[key] = value;
  }
  const parsed = RawConfigSchema.safeParse(fields);
  if (!parsed.success) return null;
  const { rules, startTime, endTime, ...rest } = parsed.data;
  return {
    ...rest,
    startTime: startTime ?? null,
    endTime: endTime ?? null,
    rules: rules
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  };
}

export type ActivityPhase = 'upcoming' | 'live' | 'ended';

export function activityPhase(config: Pick<ActivityConfig, 'startTime' | 'endTime'>, now: number): ActivityPhase {
  if (config.startTime !== null && now < config.startTime) return 'upcoming';
  if (config.endTime !== null && now > config.endTime) return 'ended';
  return 'live';
}
