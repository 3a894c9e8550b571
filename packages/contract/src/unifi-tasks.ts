import { z } from 'zod';

/** The scheduled controller tasks of the specification: reboot all APs, RF scan, restart UDM Pro. */
export const UNIFI_TASK_KINDS = ['reboot_aps', 'rf_scan', 'restart_udm'] as const;
export type UnifiTaskKind = (typeof UNIFI_TASK_KINDS)[number];

export const TASK_FREQUENCIES = ['daily', 'weekly'] as const;
export type TaskFrequency = (typeof TASK_FREQUENCIES)[number];

export const TASK_STATUSES = ['never', 'running', 'ok', 'failed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Why a run failed: the dashboard words each; `controller` comes with the controller's own answer. */
export const TASK_ERRORS = ['not_configured', 'no_devices', 'unsupported', 'controller'] as const;
export type TaskError = (typeof TASK_ERRORS)[number];

export const unifiTaskInputSchema = z.object({
  enabled: z.boolean(),
  frequency: z.enum(TASK_FREQUENCIES),
  /** 0 Sunday … 6 Saturday; used when weekly. */
  weekday: z.number().int().min(0).max(6).default(1),
  /** Local time at the site, 24-hour HH:MM. */
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time such as 03:30'),
});
export type UnifiTaskInput = z.input<typeof unifiTaskInputSchema>;

export const unifiTaskSchema = z.object({
  kind: z.enum(UNIFI_TASK_KINDS),
  enabled: z.boolean(),
  frequency: z.enum(TASK_FREQUENCIES),
  weekday: z.number().int(),
  time: z.string(),
  next_run_at: z.string().nullable(),
  last_run_at: z.string().nullable(),
  last_status: z.enum(TASK_STATUSES),
  /** Devices the last run reached. */
  last_count: z.number().int(),
  last_error: z.enum(TASK_ERRORS).nullable(),
  last_detail: z.string(),
});
export type UnifiTask = z.infer<typeof unifiTaskSchema>;

export const unifiTasksSchema = z.object({
  /** The site's time zone, in which every time here is meant. */
  timezone: z.string(),
  tasks: z.array(unifiTaskSchema),
  can_write: z.boolean(),
});
export type UnifiTasks = z.infer<typeof unifiTasksSchema>;
