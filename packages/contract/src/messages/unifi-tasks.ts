/** Messages of the scheduled UniFi tasks (why a run failed is a TaskError the dashboard words itself). */
export const UNIFI_TASK_MESSAGES = {
  notUnifi: 'This location’s router is not UniFi',
} satisfies Record<string, string>;
