/** The page sizes a list offers (`rpp` or `per_page` in the address takes one of these). */
export const PAGE_SIZES = [10, 25, 50, 100];
