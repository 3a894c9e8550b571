/** The site's splash-page ads calls and pages. */
export const adsApi = (siteId: number | null | undefined) => `/s/${siteId}/api/v1/campaigns/splash-ads`;
export const ADS_PATH = '/app/campaigns/splash-page-ad';
export const adEditPath = (id: number) => `${ADS_PATH}/edit/${id}`;
