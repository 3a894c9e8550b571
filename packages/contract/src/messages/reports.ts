/** Messages of scheduled client reports (codes `reports.<key>`). */
export const REPORT_MESSAGES = {
  updateFailed: 'Report settings update failed',
  saved: 'Report settings saved',
  recipientsRequired: 'Address is mandatory; recipients are required',
  unknownFrequency: 'Choose one of the frequencies listed',
  unknownFigure: 'Choose figures from the list',
  testSent: 'The report was sent to {{n}} recipients',
  testFailed: 'The report could not be sent: {{detail}}',
} satisfies Record<string, string>;
