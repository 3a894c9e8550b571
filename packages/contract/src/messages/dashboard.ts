export const DASHBOARD_DATE_FORMAT = 'DD/MM/YYYY';
/** Longest period one call may cover, in days (both ends included). */
export const DASHBOARD_MAX_DAYS = 366;

export const DASHBOARD_MESSAGES = {
  /** Dashboard load failure (001 section 8), shown by the screen. */
  loadFailed: 'Something went wrong!',
  /** Dashboard layout save failure (001 section 8), shown by the screen. */
  saveFailed: 'Error occured while saving the layout',
  dateFormat: `Enter a date as ${DASHBOARD_DATE_FORMAT}`,
  dateOrder: 'Start date must be less than or equal to end date',
  tooLong: `Choose a period of at most ${DASHBOARD_MAX_DAYS} days`,
  duplicateTile: 'A tile can appear only once in a layout',
  outsideGrid: 'The tile does not fit in the grid at this width',
} satisfies Record<string, string>;
